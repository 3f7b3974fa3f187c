/**
 * A minimal but valid one-page PDF (PDF 1.4, Helvetica, WinAnsi text) with a correct xref table,
 * so clients and viewers that check the structure accept it. No dependencies.
 */

/** Latin-1 bytes of a PDF string literal; characters outside Latin-1 become "?". */
function pdfText(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    const c = code > 255 ? '?' : ch;
    out += c === '\\' || c === '(' || c === ')' ? `\\${c}` : c;
  }
  return `(${out})`;
}

export interface PdfLine {
  text: string;
  size?: number;
}

/**
 * A page of `width`×`height` points with lines of text from the top and a barcode-like block
 * of bars (drawn from `barcode`'s digits) below them.
 */
export function buildPdf(lines: PdfLine[], barcode: string, width = 288, height = 432): Buffer {
  const ops: string[] = ['BT', '/F1 12 Tf', '14 TL', `20 ${height - 30} Td`];
  for (const l of lines) ops.push(`/F1 ${l.size ?? 11} Tf`, `${pdfText(l.text)} Tj`, 'T*', ...(l.size && l.size > 12 ? ['T*'] : []));
  ops.push('ET');
  let x = 20;
  for (const d of barcode.replace(/\D/g, '')) {
    const w = 1 + (Number(d) % 3);
    ops.push(`${x} 40 ${w} 70 re f`);
    x += w + 2;
    if (x > width - 20) break;
  }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  // Offsets are byte offsets, so the whole file is assembled as Latin-1.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF`;
  return Buffer.from(out, 'latin1');
}
