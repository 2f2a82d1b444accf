// The certificate as a PDF (decision 0085): A4 landscape, DejaVu Sans embedded (a subset: only the
// letters used), the school's background, signature and stamp pictures, and a QR code of the
// verification page drawn as vector squares. pdf-lib, fontkit and the fonts load on the first
// certificate, not at the server's start.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { fullName } from '@crema/contract';
import type * as PdfLib from 'pdf-lib';
import type { PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import type * as QrCode from 'qrcode';

/** What one certificate says. */
export interface CertificateContent {
  number: string;
  title: string;
  lastName: string;
  firstName: string;
  patronymic: string | null;
  courseTitle: string;
  hours: number | null;
  issuedAt: Date;
  schoolDetails: string;
  verifyUrl: string;
  /** PNG or JPEG bytes, or any picture sharp reads (converted); null for none. */
  images: { background: Buffer | null; signature: Buffer | null; stamp: Buffer | null };
}

// A4 landscape in points.
const WIDTH = 841.89;
const HEIGHT = 595.28;
const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** '29 ноября 2026 г.' — the Moscow calendar date of an instant. */
export function longMoscowDate(value: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(value);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${get('day')} ${MONTHS[get('month') - 1]} ${get('year')} г.`;
}

interface Toolkit {
  lib: typeof PdfLib;
  fontkit: unknown;
  regular: Buffer;
  bold: Buffer;
  qrcode: typeof QrCode;
}

let toolkit: Promise<Toolkit> | undefined;

/** The libraries and font files, loaded once on first use. */
function loadToolkit(): Promise<Toolkit> {
  toolkit ??= (async () => {
    const require = createRequire(import.meta.url);
    const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const [lib, fontkit, qrcode, regular, bold] = await Promise.all([
      import('pdf-lib'),
      import('@pdf-lib/fontkit'),
      import('qrcode'),
      readFile(path.join(fontDir, 'DejaVuSans.ttf')),
      readFile(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
    ]);
    return { lib, fontkit: (fontkit as { default?: unknown }).default ?? fontkit, qrcode: (qrcode as { default?: typeof QrCode }).default ?? qrcode, regular, bold };
  })().catch((error: unknown) => {
    toolkit = undefined;
    throw error;
  });
  return toolkit;
}

/** A picture as PNG for pdf-lib (which reads only PNG and JPEG), no wider or taller than `side`. */
async function asPng(bytes: Buffer, side: number): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: 12_000 * 12_000 }).rotate().resize(side, side, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    return null;
  }
}

/** Splits text into lines no wider than `width` at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** The largest size (from `size` down to `min`) at which `text` fits in `width`. */
function fitting(font: PDFFont, text: string, size: number, min: number, width: number): number {
  let s = size;
  while (s > min && font.widthOfTextAtSize(text, s) > width) s -= 1;
  return s;
}

function centred(page: PDFPage, font: PDFFont, text: string, y: number, size: number, color: ReturnType<typeof PdfLib.rgb>) {
  page.drawText(text, { x: (WIDTH - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
}

/** Renders one certificate; returns the PDF's bytes. */
export async function renderCertificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const { lib, fontkit, regular, bold, qrcode } = await loadToolkit();
  const { PDFDocument, rgb } = lib;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as Parameters<typeof doc.registerFontkit>[0]);
  doc.setTitle(`${content.title} № ${content.number}`);
  doc.setLanguage('ru-RU');
  doc.setProducer('Crema');
  doc.setCreator('Crema');
  const font = await doc.embedFont(regular, { subset: true });
  const heavy = await doc.embedFont(bold, { subset: true });
  const page = doc.addPage([WIDTH, HEIGHT]);
  const ink = rgb(0.137, 0.102, 0.082);
  const muted = rgb(0.42, 0.353, 0.306);
  const brand = rgb(0.231, 0.141, 0.094);

  const embed = async (bytes: Buffer | null, side: number): Promise<PDFImage | null> => {
    if (!bytes) return null;
    const png = await asPng(bytes, side);
    return png ? doc.embedPng(png) : null;
  };
  const [background, signature, stamp] = await Promise.all([
    embed(content.images.background, 2400),
    embed(content.images.signature, 600),
    embed(content.images.stamp, 600),
  ]);

  if (background) page.drawImage(background, { x: 0, y: 0, width: WIDTH, height: HEIGHT });
  else {
    page.drawRectangle({ x: 24, y: 24, width: WIDTH - 48, height: HEIGHT - 48, borderColor: rgb(0.784, 0.573, 0.353), borderWidth: 2 });
    page.drawRectangle({ x: 32, y: 32, width: WIDTH - 64, height: HEIGHT - 64, borderColor: rgb(0.894, 0.847, 0.8), borderWidth: 1 });
  }

  const inner = WIDTH - 160;
  const title = content.title.toUpperCase();
  centred(page, heavy, title, 470, fitting(heavy, title, 28, 14, inner), brand);
  centred(page, font, 'Настоящим удостоверяется, что', 425, 14, muted);
  const name = fullName({ last_name: content.lastName, first_name: content.firstName, patronymic: content.patronymic });
  centred(page, heavy, name, 380, fitting(heavy, name, 30, 14, inner), ink);
  centred(page, font, 'успешно завершил(а) обучение по курсу', 340, 14, muted);
  const course = `«${content.courseTitle}»`;
  // One line from 22 pt down to 16; a longer title wraps at 16 pt (three lines at most).
  const courseSize = fitting(heavy, course, 22, 16, inner);
  const courseLines = heavy.widthOfTextAtSize(course, courseSize) <= inner ? [course] : wrap(heavy, course, courseSize, inner);
  let y = 305;
  for (const line of courseLines.slice(0, 3)) {
    centred(page, heavy, line, y, courseSize, ink);
    y -= courseSize + 6;
  }
  if (content.hours !== null) centred(page, font, `в объёме ${content.hours} ак. ч.`, y - 4, 13, muted);

  // Bottom left: the school's details, the date and the number.
  let left = 190;
  for (const line of wrap(font, content.schoolDetails, 9.5, 330).slice(0, 6)) {
    page.drawText(line, { x: 70, y: left, size: 9.5, font, color: muted });
    left -= 13;
  }
  page.drawText(`Дата выдачи: ${longMoscowDate(content.issuedAt)}`, { x: 70, y: 92, size: 11, font, color: ink });
  page.drawText(`Регистрационный номер: ${content.number}`, { x: 70, y: 74, size: 11, font: heavy, color: ink });

  // Bottom right: signature and stamp over a line.
  if (stamp) {
    const s = stamp.scaleToFit(120, 120);
    page.drawImage(stamp, { x: 430, y: 60, width: s.width, height: s.height, opacity: 0.9 });
  }
  if (signature) {
    const s = signature.scaleToFit(150, 60);
    page.drawImage(signature, { x: 470, y: 108, width: s.width, height: s.height });
  }
  page.drawLine({ start: { x: 450, y: 105 }, end: { x: 620, y: 105 }, thickness: 0.8, color: muted });
  page.drawText('Подпись', { x: 515, y: 92, size: 9, font, color: muted });

  // The QR code of the verification page, as squares (sharp at any zoom, a few hundred bytes).
  const qr = qrcode.create(content.verifyUrl, { errorCorrectionLevel: 'M' });
  const modules = qr.modules;
  const cell = 90 / modules.size;
  const qx = WIDTH - 70 - 90;
  const qy = 70;
  page.drawRectangle({ x: qx - 4, y: qy - 4, width: 98, height: 98, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) page.drawRectangle({ x: qx + col * cell, y: qy + (modules.size - 1 - row) * cell, width: cell + 0.05, height: cell + 0.05, color: rgb(0, 0, 0) });
    }
  }
  const check = 'Проверить подлинность:';
  page.drawText(check, { x: qx + 45 - font.widthOfTextAtSize(check, 7.5) / 2, y: qy + 100, size: 7.5, font, color: muted });
  const url = content.verifyUrl.replace(/^https?:\/\//, '');
  const urlSize = fitting(font, url, 7, 4, 200);
  page.drawText(url, { x: Math.min(qx + 45 - font.widthOfTextAtSize(url, urlSize) / 2, WIDTH - 40 - font.widthOfTextAtSize(url, urlSize)), y: qy - 16, size: urlSize, font, color: muted });

  return doc.save();
}
