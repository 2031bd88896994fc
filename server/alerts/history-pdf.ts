/**
 * The alert history as a PDF (decision 133), streamed as it is drawn: a title, lines about the
 * filters, then one block per alert (its row, then a row per message), laid out by the shared
 * table writer (server/reports/table-pdf.ts: fonts that cover Vietnamese, headers on every page,
 * page numbers).
 */
import { type PdfColumn, TablePdf } from "#server/reports/table-pdf.ts";

export type { PdfColumn };

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

const INDENT = 16;

/** The PDF document as a Node readable stream; it ends when the last page is written. */
export function historyPdf(content: HistoryPdfContent): PDFKit.PDFDocument {
  const pdf = new TablePdf({ title: content.title, pageLabel: content.pageLabel });
  pdf.lines(content.lines).gap(0.8);
  pdf.table([
    { columns: content.alertColumns },
    { columns: content.deliveryColumns, style: { size: 8, indent: INDENT, shade: false } },
  ]);
  if (content.alerts.length === 0) pdf.gap(0.5).lines([content.empty], 10);
  for (const alert of content.alerts) {
    pdf.gap();
    pdf.row(alert.cells, content.alertColumns, { font: "bold", size: 9 });
    for (const delivery of alert.deliveries) {
      pdf.row(delivery, content.deliveryColumns, { font: "body", size: 8, indent: INDENT });
    }
  }
  pdf.end();
  return pdf.doc;
}
