import { ADDRESS_WINDOWS, type LetterheadPlacement } from '@lp/domain';
import { pdfLib, rgb } from '../../platform/pdf.js';

export interface LetterheadFile {
  type: 'pdf' | 'image';
  contentType: string;
  bytes: Uint8Array;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MM = 72 / 25.4;

/**
 * The letter with the letterhead behind its own content (issue 12 item 5): on page 1 or on every
 * page, scaled to the page. On page 1 the envelope window (with the barcode's clear space inside
 * it) is kept clear of the letterhead, so the address and the postal barcode read as before.
 */
export async function applyLetterhead(
  letterPdf: Uint8Array,
  head: LetterheadFile,
  placement: LetterheadPlacement,
  clear: readonly Box[] = [ADDRESS_WINDOWS.DL],
): Promise<Uint8Array> {
  const source = await (await pdfLib()).PDFDocument.load(letterPdf, { ignoreEncryption: true });
  const out = await (await pdfLib()).PDFDocument.create();
  out.setProducer('LetterPost');
  const title = source.getTitle();
  if (title) out.setTitle(title);
  const pages = await out.embedPdf(source, source.getPageIndices());
  let draw: (page: ReturnType<typeof out.addPage>, width: number, height: number) => void;
  if (head.type === 'pdf') {
    const [first] = await out.embedPdf(head.bytes, [0]);
    draw = (page, width, height) => page.drawPage(first!, { x: 0, y: 0, width, height });
  } else {
    const image = head.contentType === 'image/png' ? await out.embedPng(head.bytes) : await out.embedJpg(head.bytes);
    draw = (page, width, height) => page.drawImage(image, { x: 0, y: 0, width, height });
  }
  pages.forEach((embedded, i) => {
    const page = out.addPage([embedded.width, embedded.height]);
    if (i === 0 || placement === 'every_page') {
      draw(page, embedded.width, embedded.height);
      if (i === 0)
        for (const b of clear)
          page.drawRectangle({
            x: b.x * MM,
            y: embedded.height - (b.y + b.height) * MM,
            width: b.width * MM,
            height: b.height * MM,
            color: rgb(1, 1, 1),
          });
    }
    page.drawPage(embedded, { x: 0, y: 0 });
  });
  return out.save();
}
