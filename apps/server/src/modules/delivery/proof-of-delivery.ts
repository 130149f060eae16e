import { readFile } from 'node:fs/promises';
import { formatUkDateTime, type MailTrackingEvent } from '@lp/domain';
import type { PDFFont } from 'pdf-lib';
import { loadFontkit, sheetFontFile } from '../../platform/fonts.js';
import { pdfLib, rgb, StandardFonts } from '../../platform/pdf.js';

export interface ProofOfDelivery {
  company: string;
  letterName: string;
  service: string;
  trackingNumber: string;
  recipient: string | null;
  /** Delivered, or Returned to sender with its reason. */
  outcome: string;
  events: readonly MailTrackingEvent[];
  signature: { name: string; at: Date; imagePng: Buffer | null } | null;
}

/** Text a standard font can set (WinAnsi): accents kept where it has them, others folded. */
function standardText(text: string): string {
  return [...text]
    .map((c) =>
      /^[\x20-\x7e\u00a0-\u00ff\u2019\u2018\u201c\u201d\u2013\u2014\u2026]$/.test(c) ? c : c.normalize('NFKD')[0],
    )
    .map((c) => (c && /^[\x20-\x7e\u00a0-\u00ff\u2019\u2018\u201c\u201d\u2013\u2014\u2026]$/.test(c) ? c : '?'))
    .join('');
}

/**
 * The proof of delivery of a tracked letter (decision 0037), kept with the letter as a PDF: the
 * service and its tracking number, the recipient, the outcome, who signed and when with the
 * signature's image when the carrier gave one, and every tracking event (UK time).
 */
export async function proofOfDeliveryPdf(p: ProofOfDelivery): Promise<Uint8Array> {
  const doc = await (await pdfLib()).PDFDocument.create();
  doc.setTitle(`Proof of delivery ${p.trackingNumber}`);
  doc.setProducer('LetterPost');
  const fontFile = sheetFontFile();
  let font: PDFFont;
  let fit = (s: string) => s;
  if (fontFile) {
    doc.registerFontkit(await loadFontkit());
    font = await doc.embedFont(await readFile(fontFile), { subset: true });
  } else {
    font = await doc.embedFont(StandardFonts.Helvetica);
    fit = standardText;
  }
  const page = doc.addPage([595.28, 841.89]);
  const left = 56;
  let y = 780;
  const line = (text: string, size = 11, colour = rgb(0, 0, 0)) => {
    page.drawText(fit(text).slice(0, 110), { x: left, y, size, font, color: colour });
    y -= size + 7;
  };
  line('Proof of delivery', 20);
  y -= 6;
  line(`${p.company}: ${p.letterName}`);
  line(`Service: ${p.service}`);
  line(`Tracking number: ${p.trackingNumber}`);
  if (p.recipient) line(`To: ${p.recipient}`);
  line(`Outcome: ${p.outcome}`);
  y -= 8;
  if (p.signature) {
    line(`Signed for by ${p.signature.name} on ${formatUkDateTime(p.signature.at)} (UK time)`, 12);
    if (p.signature.imagePng) {
      try {
        const image = await doc.embedPng(p.signature.imagePng);
        const width = 200;
        const height = (image.height / image.width) * width;
        y -= height;
        page.drawRectangle({
          x: left - 4,
          y: y - 4,
          width: width + 8,
          height: height + 8,
          borderColor: rgb(0.6, 0.6, 0.6),
          borderWidth: 0.5,
        });
        page.drawImage(image, { x: left, y, width, height });
        y -= 18;
      } catch {
        line('(The signature image could not be read.)', 9, rgb(0.4, 0.4, 0.4));
      }
    }
  }
  y -= 6;
  line('Tracking events (UK time)', 13);
  for (const e of p.events) {
    if (y < 60) break;
    line(`${formatUkDateTime(new Date(e.at))}  ${e.description}${e.location ? `, ${e.location}` : ''}`, 10);
  }
  page.drawText(fit(`Made by LetterPost from Royal Mail's tracking on ${formatUkDateTime(new Date())}.`), {
    x: left,
    y: 36,
    size: 8,
    font,
    color: rgb(0.4, 0.4, 0.4),
  });
  return doc.save();
}
