import type { DataReportAnswer, DataReportQuery, ExportKind, Language } from '@fleet/contracts';
import type { Scope } from '../../../platform/auth/scope.js';
import type { Executor } from '../../../platform/db/client.js';
import type { ExportParams } from '../export-params.js';
import type { Cell } from '../export-writer.js';

/** The data report of the reports module (`createReportService(deps).report`). */
export type ReportFunction = (scope: Scope, query: DataReportQuery) => Promise<DataReportAnswer>;

/** What a source reads with: the job owner's scope, evaluated when the job runs. */
export interface SourceContext {
  db: Executor;
  scope: Scope;
  lang: Language;
  tz: string;
  clock: () => Date;
  /** Rows per page read from the database. */
  pageSize: number;
  /** The data report, when the reports module provides it. */
  report?: ReportFunction;
}

/** The rows of one export, read page by page in file order. */
export interface ExportSource {
  header: string[];
  /** Column widths of the xlsx sheet (characters). */
  widths?: number[];
  /** Rows the file will hold, counted up to `cap` (the total estimate of the progress). */
  count(cap: number): Promise<number>;
  /** Pages of rows, in file order; the consumer stops early at its row limit. */
  pages(): AsyncIterable<Cell[][]>;
}

export type SourceFactory<K extends ExportKind = ExportKind> = (
  ctx: SourceContext,
  params: ExportParams<K>,
) => Promise<ExportSource>;

/** A failure the job reports as its error text (nothing else of an error reaches the row). */
export class ExportFailure extends Error {}
