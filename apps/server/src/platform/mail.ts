import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { loadOnce } from './load-once.js';

export interface MailMessage {
  to: string;
  /**
   * The sender's name people read (a recipient's email: "Acme Ltd via LetterPost"); the address
   * stays MAIL_FROM's, so SPF and DKIM hold. Nodemailer quotes or encodes it (RFC 5322 / 2047).
   */
  fromName?: string;
  /** Where a reply goes: the member who sent the letter, or the company's reply-to address. */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (a letter as PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<{ id: string }>;
  close(): void;
}

/** The address of MAIL_FROM ("LetterPost <no-reply@letterpost.local>" → no-reply@letterpost.local). */
export function mailFromAddress(from: string): string {
  const angle = /<([^<>\s]+)>\s*$/.exec(from);
  return (angle ? angle[1]! : from).trim();
}

/** The From of a message: MAIL_FROM, or its address under the message's own sender name. */
function fromOf(from: string, message: MailMessage): string | { name: string; address: string } {
  return message.fromName ? { name: message.fromName, address: mailFromAddress(from) } : from;
}

interface Logger {
  info(obj: object, msg: string): void;
}

/**
 * The embedded default: each message is rendered to a real RFC 5322 file in DATA_DIR/outbox
 * (`.eml`, plus a `.json` with the links for tools and tests) and its links are logged.
 */
export function createOutboxMailer(dir: string, from: string, log: Logger): Mailer {
  const transport = lazyTransport(() => ({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const { fromName: _name, ...content } = message;
      const sender = fromOf(from, message);
      const info = await (await transport.get()).sendMail({ ...content, from: sender });
      const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      await writeFile(path.join(dir, `${id}.eml`), info.message as Buffer, { mode: 0o600 });
      const { attachments, ...rest } = content;
      const files = (attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.content.length,
      }));
      // Written aside, then renamed: whoever reads the outbox never sees half a message.
      const partial = path.join(dir, `${id}.json.partial`);
      await writeFile(partial, JSON.stringify({ id, from: sender, ...rest, attachments: files, links }, null, 2), {
        mode: 0o600,
      });
      await rename(partial, path.join(dir, `${id}.json`));
      // Only the local outbox prints links: there is no real mailbox to read them from.
      log.info({ mail: { id, to: message.to, subject: message.subject, links } }, 'mail written to the local outbox');
      return { id };
    },
    close() {
      transport.close();
    },
  };
}

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = lazyTransport(() => url);
  return {
    kind: 'smtp',
    async send(message) {
      const { fromName: _name, ...content } = message;
      const info = await (await transport.get()).sendMail({ ...content, from: fromOf(from, message) });
      return { id: String(info.messageId) };
    },
    close() {
      transport.close();
    },
  };
}

/**
 * nodemailer, loaded with the first message rather than with the server (an eighth of a second of
 * start-up that most starts never use before a user asks for something to be sent).
 */
function lazyTransport(options: () => string | Record<string, unknown>) {
  let made = false;
  const get = loadOnce(async (): Promise<Transporter> => {
    made = true;
    return (await import('nodemailer')).default.createTransport(options() as never);
  });
  return {
    get,
    close() {
      if (made)
        void get()
          .then((t) => t.close())
          .catch(() => {});
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The password reset email. */
export function resetPasswordEmail(to: { email: string; name: string }, link: string, ttlMinutes: number): MailMessage {
  const first = to.name.trim().split(/\s+/)[0] || 'there';
  const text = `Hello ${first},\n\nSomeone asked to reset the password of your LetterPost account. To choose a new password, open this link:\n\n${link}\n\nThe link works once and expires in ${ttlMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.\n`;
  const html = `<p>Hello ${escapeHtml(first)},</p><p>Someone asked to reset the password of your LetterPost account. To choose a new password, open this link:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>The link works once and expires in ${ttlMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  return { to: to.email, subject: 'Reset your LetterPost password', text, html };
}

/**
 * The invitation email: it names who invited ("Jane Smith invited you to join Acme Ltd on
 * LetterPost"), and a reply goes to them.
 */
export function invitationEmail(
  to: { email: string; name: string },
  companyName: string,
  link: string,
  invitedBy: { name: string; email: string } | null = null,
): MailMessage {
  const who = invitedBy?.name.trim() || invitedBy?.email || null;
  const invited = who
    ? `${who} invited you to join ${companyName} on LetterPost`
    : `You have been invited to join ${companyName} on LetterPost`;
  const text = `Hello ${to.name},\n\n${invited}. To accept, open this link and choose your password:\n\n${link}\n`;
  const html = `<p>Hello ${escapeHtml(to.name)},</p><p>${escapeHtml(invited)}. To accept, open this link and choose your password:</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`;
  return {
    to: to.email,
    subject: invited,
    text,
    html,
    ...(invitedBy ? { replyTo: { name: who ?? invitedBy.email, address: invitedBy.email } } : {}),
  };
}
