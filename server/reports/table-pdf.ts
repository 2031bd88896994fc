/**
 * The building blocks of SafeTap's printable tables (decisions 133 and 145): a pdfkit document
 * in Noto Sans (which covers Vietnamese, Spanish and French; pdfkit's built-in fonts have no
 * Vietnamese letters), a title and lines under it, rows of cells in columns whose headers are
 * drawn again at the top of every page, an optional banner on every page (DRILL) and "Page N"
 * at every page's foot. Texts arrive translated; this module only lays them out. Pages are
 * written out as they fill, so a long table never sits in memory.
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

export interface RowStyle {
  font: "body" | "bold";
  size: number;
  indent?: number;
  shade?: boolean;
}

const MARGIN = 40;
const FOOTER = 24;
const BANNER = 22;
const PAD = 4;

/** One table document: create, draw titles, tables and rows, then `end()`. */
export class TablePdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly width: number;
  private pageNumber = 0;
  /** The header rows drawn again at the top of each new page (the current table's). */
  private headerRows: { columns: PdfColumn[]; style: RowStyle }[] = [];

  constructor(
    private readonly options: {
      title: string;
      pageLabel: (page: number) => string;
      /** Written in red at the top of every page (e.g. "DRILL — exercise only"). */
      banner?: string | null;
    },
  ) {
    const { regular, bold } = loadFonts();
    const top = MARGIN + (options.banner ? BANNER : 0);
    this.doc = new PDFDocument({
      size: "A4",
      layout: "landscape",
      margins: { top, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
      info: { Title: options.title, Creator: "SafeTap" },
    });
    this.doc.registerFont("body", regular);
    this.doc.registerFont("bold", bold);
    this.width = this.doc.page.width - 2 * MARGIN;
    this.doc.on("pageAdded", () => this.pageFrame());
    this.pageFrame();
    this.doc
      .font("bold")
      .fontSize(16)
      .text(options.title, { ...FEATURES, width: this.width });
    this.doc.moveDown(0.3);
  }

  /** A page's banner and footer; the cursor ends at the page's top. */
  private pageFrame() {
    const { doc } = this;
    this.pageNumber += 1;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (this.options.banner) {
      doc
        .rect(MARGIN, MARGIN - 6, this.width, BANNER - 4)
        .fill("#b91c1c")
        .fillColor("#ffffff")
        .font("bold")
        .fontSize(11)
        .text(this.options.banner, MARGIN, MARGIN - 3, {
          ...FEATURES,
          width: this.width,
          align: "center",
          lineBreak: false,
        });
    }
    doc
      .font("body")
      .fontSize(8)
      .fillColor("#555555")
      .text(this.options.pageLabel(this.pageNumber), MARGIN, doc.page.height - MARGIN, {
        ...FEATURES,
        width: this.width,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.fillColor("#000000");
    doc.x = MARGIN;
    doc.y = doc.page.margins.top;
  }

  /** Plain lines (when it was made, the filters, notes). */
  lines(lines: readonly string[], size = 9) {
    this.doc.font("body").fontSize(size);
    for (const line of lines)
      this.doc.text(line, MARGIN, this.doc.y, { ...FEATURES, width: this.width });
    return this;
  }

  /** A section's heading; a new page first when fewer than a few rows would fit under it. */
  heading(text: string) {
    this.headerRows = [];
    if (this.doc.y + 80 > this.bottomLimit()) this.doc.addPage();
    this.doc.moveDown(0.6);
    this.doc
      .font("bold")
      .fontSize(12)
      .text(text, MARGIN, this.doc.y, { ...FEATURES, width: this.width });
    this.doc.moveDown(0.3);
    return this;
  }

  /** Starts a table: its header rows are drawn now and again on every page it flows onto. */
  table(headers: { columns: PdfColumn[]; style?: Partial<RowStyle> }[]) {
    this.headerRows = headers.map((h) => ({
      columns: h.columns,
      style: { font: "bold", size: 9, shade: true, ...h.style },
    }));
    this.drawHeaders();
    return this;
  }

  private drawHeaders() {
    for (const header of this.headerRows) {
      const cells = header.columns.map((c) => c.header);
      this.paint(cells, header.style, this.measure(cells, header.columns, header.style));
    }
  }

  private bottomLimit() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private measure(cells: readonly string[], columns: readonly PdfColumn[], style: RowStyle) {
    const { doc } = this;
    const left = MARGIN + (style.indent ?? 0);
    const usable = this.width - (style.indent ?? 0);
    doc.font(style.font).fontSize(style.size);
    const widths = columns.map((c) => c.share * usable);
    const heights = cells.map((cell, i) =>
      doc.heightOfString(cell || " ", { ...FEATURES, width: widths[i]! - PAD }),
    );
    const height = Math.max(...heights) + PAD;
    return { left, usable, widths, height };
  }

  /** One row of cells; a new page (with the table's headers again) first when it would not fit. */
  row(cells: readonly string[], columns: readonly PdfColumn[], style: RowStyle) {
    const { doc } = this;
    let size = this.measure(cells, columns, style);
    if (doc.y + size.height > this.bottomLimit()) {
      doc.addPage();
      this.drawHeaders();
      size = this.measure(cells, columns, style);
    }
    this.paint(cells, style, size);
    return this;
  }

  private paint(
    cells: readonly string[],
    style: RowStyle,
    size: { left: number; usable: number; widths: number[]; height: number },
  ) {
    const { doc } = this;
    const top = doc.y;
    if (style.shade) {
      doc
        .rect(size.left, top - 1, size.usable, size.height)
        .fill("#eef2f6")
        .fillColor("#000000");
    }
    doc.font(style.font).fontSize(style.size);
    let x = size.left;
    cells.forEach((cell, i) => {
      doc.text(cell, x, top, { ...FEATURES, width: size.widths[i]! - PAD });
      x += size.widths[i]!;
    });
    doc.x = MARGIN;
    doc.y = top + size.height;
  }

  /** A little space between blocks of rows. */
  gap(lines = 0.3) {
    this.doc.moveDown(lines);
    return this;
  }

  end() {
    this.doc.end();
  }
}
