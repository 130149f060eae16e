import { ADDRESS_WINDOWS, rm4scc } from '@lp/domain';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MM = 72 / 25.4;

/**
 * The print proof (decision 0016): page 1 of the letter as it goes to the printer, with the
 * envelope window outlined (DL) and the postal barcode (RM4SCC of the postcode) in the clear space
 * the analysis found for it. Coordinates are millimetres from the top-left corner.
 */
export async function printProof(
  letterPdf: Uint8Array,
  layout: { window?: Box; barcode: Box | null } | null,
  postcode: string | null,
): Promise<Uint8Array> {
  const source = await PDFDocument.load(letterPdf, { ignoreEncryption: true });
  const doc = await PDFDocument.create();
  doc.setTitle('Print proof');
  doc.setProducer('Letterpost');
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
  const win = layout?.window ?? ADDRESS_WINDOWS.DL;
  p.drawRectangle({ ...rect(win), borderColor: rgb(0.3, 0, 0.9), borderWidth: 0.8, borderDashArray: [4, 3] });
  p.drawText('Envelope window', { x: win.x * MM, y: height - win.y * MM + 3, size: 7, font, color: rgb(0.3, 0, 0.9) });
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
