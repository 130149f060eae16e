// Size of the JavaScript a browser loads for /signIn (and / and /main), gzip, measured in Chromium
// against the built product: every script response is recorded and gzipped as a server would.
// Usage: node bench/bundle.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT, removeDir, signUp, startProduct, tempDataDir } from './lib.mjs';

const dataDir = tempDataDir('bundle');
const product = await startProduct({ dataDir, port: 3193, pgPort: 55493 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

async function measure(pathname, cookie) {
  const context = await browser.newContext({ baseURL: product.url });
  if (cookie) {
    const [name, value] = cookie
      .split('; ')
      .find((c) => c.startsWith('lp.session_token='))
      .split(/=(.*)/s);
    await context.addCookies([{ name, value, url: product.url }]);
  }
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(pathname, { waitUntil: 'networkidle' });
  await context.close();
  const sum = (k) => scripts.reduce((n, s) => n + s[k], 0);
  return {
    path: pathname,
    files: scripts.length,
    // BUNDLE_FILES=1 lists each script with its gzip size (KB), to see what a page loads.
    ...(process.env.BUNDLE_FILES ? { list: scripts.map((s) => `${s.url} ${(s.gzip / 1024).toFixed(1)}`) } : {}),
    rawKB: +(sum('raw') / 1024).toFixed(1),
    gzipKB: +(sum('gzip') / 1024).toFixed(1),
  };
}

try {
  const cookie = await signUp(product.url, 'bundle@example.com');
  const result = {
    when: new Date().toISOString(),
    pages: [await measure('/signIn'), await measure('/'), await measure('/main', cookie)],
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(path.join(ROOT, 'bench/results/bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser.close();
  await product.stop();
  removeDir(dataDir);
}
