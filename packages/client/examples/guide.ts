// The TypeScript of docs/api-guide.md, type-checked with the client (`npm run check`,
// packages/client/tsconfig.test.json), so the guide cannot drift from the API.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { createLetterpostClient, idempotencyKey, verifyWebhook, WebhookVerificationError } from '@lp/client';

const lp = createLetterpostClient({ baseUrl: 'https://letterpost.example', apiKey: process.env.LP_KEY ?? '' });

export async function whoAmI() {
  const { data: me, error } = await lp.GET('/api/me');
  return error ?? me;
}

export async function upload(path: string) {
  const { data: uploaded, error } = await lp.POST('/api/letters/files', {
    params: { query: { type: 'regular' } },
    body: { file: new Blob([await readFile(path)], { type: 'application/pdf' }) },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', body.file, 'invoice-1042.pdf');
      return form;
    },
  });
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return uploaded.uuid;
}

export async function analysed(id: string) {
  for (;;) {
    const { data, error } = await lp.GET('/api/letters/{id}', { params: { path: { id } } });
    if (error) throw new Error(`${error.code}: ${error.message}`);
    if (data.status !== 'Analysing') return data;
    await new Promise((r) => setTimeout(r, 3000));
  }
}

export async function deliver(letterId: string) {
  const key = idempotencyKey(); // crypto.randomUUID(): store it with the job, reuse it on retry
  const {
    data: delivery,
    error: refused,
    response,
  } = await lp.POST('/api/letters/deliver', {
    body: { uuid: letterId, preference_overrides: ['mail'], is_premium: false },
    headers: { 'Idempotency-Key': key },
  });
  if (refused) throw new Error(`${response.status} ${refused.code}: ${refused.message}`);
  return {
    state: delivery.state,
    pence: delivery.total_pence,
    replayed: response.headers.get('Idempotent-Replayed') === 'true',
  };
}

export function receiveWebhooks(queueForProcessing: (event: unknown) => Promise<void>) {
  return createServer(async (req, res) => {
    const raw = await buffer(req); // the body's bytes exactly as they arrived
    try {
      const event = verifyWebhook(process.env.LP_WEBHOOK_SECRET ?? '', req.headers, raw);
      await queueForProcessing(event); // de-duplicate on req.headers['webhook-id']; answer fast, work later
      res.writeHead(204).end();
    } catch (e) {
      res.writeHead(e instanceof WebhookVerificationError ? 400 : 500).end();
    }
  });
}
