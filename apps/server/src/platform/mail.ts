import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
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

interface Logger {
  info(obj: object, msg: string): void;
}

/**
 * The embedded default: each message is rendered to a real RFC 5322 file in DATA_DIR/outbox
 * (`.eml`, plus a `.json` with the links for tools and tests) and its links are logged.
 */
export function createOutboxMailer(dir: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const info = await transport.sendMail({ from, ...message });
      const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      await writeFile(path.join(dir, `${id}.eml`), info.message as Buffer, { mode: 0o600 });
      const { attachments, ...rest } = message;
      const files = (attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.content.length,
      }));
      // Written aside, then renamed: whoever reads the outbox never sees half a message.
      const partial = path.join(dir, `${id}.json.partial`);
      await writeFile(partial, JSON.stringify({ id, from, ...rest, attachments: files, links }, null, 2), {
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
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return { id: String(info.messageId) };
    },
    close() {
      transport.close();
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The password reset email. */
export function resetPasswordEmail(to: { email: string; name: string }, link: string, ttlMinutes: number): MailMessage {
  const first = to.name.trim().split(/\s+/)[0] || 'there';
  const text = `Hello ${first},\n\nSomeone asked to reset the password of your Letterpost account. To choose a new password, open this link:\n\n${link}\n\nThe link works once and expires in ${ttlMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.\n`;
  const html = `<p>Hello ${escapeHtml(first)},</p><p>Someone asked to reset the password of your Letterpost account. To choose a new password, open this link:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>The link works once and expires in ${ttlMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  return { to: to.email, subject: 'Reset your Letterpost password', text, html };
}

/** The invitation email. */
export function invitationEmail(to: { email: string; name: string }, companyName: string, link: string): MailMessage {
  const text = `Hello ${to.name},\n\nYou have been invited to join ${companyName} on Letterpost. To accept, open this link and choose your password:\n\n${link}\n`;
  const html = `<p>Hello ${escapeHtml(to.name)},</p><p>You have been invited to join ${escapeHtml(companyName)} on Letterpost. To accept, open this link and choose your password:</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`;
  return { to: to.email, subject: `You have been invited to join ${companyName} on Letterpost`, text, html };
}
