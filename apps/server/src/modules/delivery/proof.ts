import { ENVELOPE_WINDOWS, rm4scc } from '@lp/domain';
import { pdfLib, rgb, StandardFonts } from '../../platform/pdf.js';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MM = 72 / 25.4;

/** The parts of a box beyond a window's edges (above, below, left, right), for the red marks. */
function outsidePart(b: Box, w: Box): Box[] {
  const parts: Box[] = [];
  const right = b.x + b.width;
  const bottom = b.y + b.height;
  if (b.y < w.y) parts.push({ x: b.x, y: b.y, width: b.width, height: Math.min(bottom, w.y) - b.y });
  if (bottom > w.y + w.height) {
    const top = Math.max(b.y, w.y + w.height);
    parts.push({ x: b.x, y: top, width: b.width, height: bottom - top });
  }
  if (b.x < w.x) parts.push({ x: b.x, y: b.y, width: Math.min(right, w.x) - b.x, height: b.height });
  if (right > w.x + w.width) {
    const left = Math.max(b.x, w.x + w.width);
    parts.push({ x: left, y: b.y, width: right - left, height: b.height });
  }
  return parts;
}

/**
 * The print proof (decision 0016): page 1 of the letter as it goes to the printer, with the
 * envelope window outlined (DL) and the postal barcode (RM4SCC of the postcode) in the clear space
 * the analysis found for it. Coordinates are millimetres from the top-left corner.
 */
export async function printProof(
  letterPdf: Uint8Array,
  layout: {
    window?: Box;
    barcode: Box | null;
    lines?: Box[];
    intrusions?: { kind: string; text?: string; box: Box }[];
    outside?: { side: 'top' | 'bottom' | 'left' | 'right'; by: number }[];
  } | null,
  postcode: string | null,
): Promise<Uint8Array> {
  const source = await (await pdfLib()).PDFDocument.load(letterPdf, { ignoreEncryption: true });
  const doc = await (await pdfLib()).PDFDocument.create();
  doc.setTitle('Print proof');
  doc.setProducer('LetterPost');
  const [page] = await doc.copyPages(source, [0]);
  doc.addPage(page!);
  const p = doc.getPage(0);
  const { height } = p.getSize();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const rect = (b: Box) => ({
    x: b.x * MM,
    y: height - (b.y + b.height) * MM,
    width: b.width * MM,
    height: b.height * MM,
  });
  const win = layout?.window ?? ENVELOPE_WINDOWS.DL;
  p.drawRectangle({ ...rect(win), borderColor: rgb(0.3, 0, 0.9), borderWidth: 0.8, borderDashArray: [4, 3] });
  p.drawText('Envelope window', { x: win.x * MM, y: height - win.y * MM + 3, size: 7, font, color: rgb(0.3, 0, 0.9) });
  // The address read, line by line (decision 0026), and in red what would not show as it should:
  // the part of a line beyond the window's edge, and anything else inside the window.
  const red = rgb(0.85, 0, 0);
  for (const line of layout?.lines ?? [])
    p.drawRectangle({ ...rect(line), borderColor: rgb(0, 0.45, 0.2), borderWidth: 0.5 });
  for (const line of layout?.outside?.length ? (layout.lines ?? []) : []) {
    const beyond = outsidePart(line, win);
    for (const part of beyond)
      p.drawRectangle({ ...rect(part), color: red, opacity: 0.3, borderColor: red, borderWidth: 0.6 });
  }
  for (const item of layout?.intrusions ?? [])
    p.drawRectangle({ ...rect(item.box), color: red, opacity: 0.2, borderColor: red, borderWidth: 0.8 });
  const problems = (layout?.outside?.length ?? 0) + (layout?.intrusions?.length ?? 0);
  if (problems > 0)
    p.drawText('In red: what the window would not show as it should', {
      x: win.x * MM,
      y: height - (win.y + win.height) * MM - 18,
      size: 8,
      font,
      color: red,
    });
  const code = layout?.barcode ?? null;
  if (code && postcode) {
    let bars: ReturnType<typeof rm4scc>;
    try {
      bars = rm4scc(postcode);
    } catch {
      bars = [];
    }
    // 0.3 mm bars every 0.6 mm: a postcode's 42 bars in 25 mm, inside the 26 x 10 mm clear space.
    const pitch = Math.min(0.6, (code.width - 1) / Math.max(1, bars.length));
    const full = Math.min(4.2, code.height - 1);
    const track = full * 0.3;
    const top = code.y + (code.height - full) / 2;
    bars.forEach((bar, i) => {
      const up = bar === 'A' || bar === 'F';
      const down = bar === 'D' || bar === 'F';
      const y0 = top + (up ? 0 : (full - track) / 2);
      const y1 = top + (down ? full : (full + track) / 2);
      p.drawRectangle({
        x: (code.x + 0.5 + i * pitch) * MM,
        y: height - y1 * MM,
        width: pitch * 0.5 * MM,
        height: (y1 - y0) * MM,
        color: rgb(0, 0, 0),
      });
    });
  } else {
    p.drawText('No clear space for the postal barcode', {
      x: win.x * MM,
      y: height - (win.y + win.height) * MM - 9,
      size: 8,
      font,
      color: rgb(0.8, 0, 0),
    });
  }
  p.drawText('Print proof: not posted', { x: 8 * MM, y: 6 * MM, size: 8, font, color: rgb(0.4, 0.4, 0.4) });
  return doc.save();
}
