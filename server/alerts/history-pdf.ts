/**
 * The alert history as a PDF, drawn on the server with pdfkit (decision 133) and streamed as it
 * is drawn. Texts arrive translated; this module only lays them out: a title, lines about the
 * filters, then one block per alert (its row, then a row per message), with a page number at
 * the foot of every page. Noto Sans (bundled by an npm package, SIL OFL) covers Vietnamese,
 * Spanish and French; pdfkit's built-in fonts have no Vietnamese letters.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The two font files, read once. */
function loadFonts() {
  fonts ??= {
    regular: readFileSync(
      require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
    ),
    bold: readFileSync(
      require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
    ),
  };
  return fonts;
}

/**
 * Glyph composition (ccmp) and ligatures (liga) off: Noto Sans has every precomposed Vietnamese
 * letter, and with them on pdfkit's text map gives a shaped glyph's first text to every later use
 * of that glyph (an "i" after "ị" read back as "ị"), so copying or searching the PDF went wrong.
 */
const FEATURES = { features: { ccmp: false, liga: false } } as unknown as PDFKit.Mixins.TextOptions;

export interface PdfColumn {
  header: string;
  /** A share of the usable width; the shares of a table add up to 1. */
  share: number;
}

export interface HistoryPdfContent {
  title: string;
  /** Lines under the title: when it was made, the filters, the plan's rule, a truncation. */
  lines: string[];
  alertColumns: PdfColumn[];
  deliveryColumns: PdfColumn[];
  alerts: { cells: string[]; deliveries: string[][] }[];
  empty: string;
  pageLabel: (page: number) => string;
}

const MARGIN = 40;
const FOOTER = 24;
const INDENT = 16;
const PAD = 4;

/** The PDF document as a Node readable stream; it ends when the last page is written. */
export function historyPdf(content: HistoryPdfContent): PDFKit.PDFDocument {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    info: { Title: content.title, Creator: "SafeTap" },
  });
  doc.registerFont("body", regular);
  doc.registerFont("bold", bold);
  const width = doc.page.width - 2 * MARGIN;
  let pageNumber = 0;

  const footer = () => {
    pageNumber += 1;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("body")
      .fontSize(8)
      .fillColor("#555555")
      .text(content.pageLabel(pageNumber), MARGIN, doc.page.height - MARGIN, {
        ...FEATURES,
        width,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.fillColor("#000000");
    doc.x = MARGIN;
    doc.y = MARGIN;
  };
  doc.on("pageAdded", footer);
  footer();

  const headers = () => {
    row(
      content.alertColumns.map((c) => c.header),
      content.alertColumns,
      { font: "bold", size: 9, shade: true, header: true },
    );
    row(
      content.deliveryColumns.map((c) => c.header),
      content.deliveryColumns,
      { font: "bold", size: 8, indent: INDENT, header: true },
    );
  };

  const bottomLimit = () => doc.page.height - doc.page.margins.bottom;

  /** One row of cells; a new page first when it would not fit. Returns its height. */
  const row = (
    cells: string[],
    columns: PdfColumn[],
    options: {
      font: "body" | "bold";
      size: number;
      indent?: number;
      shade?: boolean;
      header?: boolean;
    },
  ): void => {
    const left = MARGIN + (options.indent ?? 0);
    const usable = width - (options.indent ?? 0);
    doc.font(options.font).fontSize(options.size);
    const widths = columns.map((c) => c.share * usable);
    const heights = cells.map((cell, i) =>
      doc.heightOfString(cell || " ", { ...FEATURES, width: widths[i]! - PAD }),
    );
    const height = Math.max(...heights) + PAD;
    if (doc.y + height > bottomLimit() && !options.header) {
      // A new page starts with the column headers again.
      doc.addPage();
      headers();
      doc.font(options.font).fontSize(options.size);
    }
    const top = doc.y;
    if (options.shade)
      doc
        .rect(left, top - 1, usable, height)
        .fill("#eef2f6")
        .fillColor("#000000");
    doc.font(options.font).fontSize(options.size);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x, top, { ...FEATURES, width: widths[i]! - PAD });
      x += widths[i]!;
    });
    doc.x = MARGIN;
    doc.y = top + height;
  };

  doc
    .font("bold")
    .fontSize(16)
    .text(content.title, { ...FEATURES, width });
  doc.moveDown(0.3);
  doc.font("body").fontSize(9);
  for (const line of content.lines) doc.text(line, { ...FEATURES, width });
  doc.moveDown(0.8);

  headers();
  if (content.alerts.length === 0) {
    doc
      .moveDown(0.5)
      .font("body")
      .fontSize(10)
      .text(content.empty, { ...FEATURES, width });
  }
  for (const alert of content.alerts) {
    doc.moveDown(0.3);
    row(alert.cells, content.alertColumns, { font: "bold", size: 9 });
    for (const delivery of alert.deliveries) {
      row(delivery, content.deliveryColumns, { font: "body", size: 8, indent: INDENT });
    }
  }
  doc.end();
  return doc;
}
