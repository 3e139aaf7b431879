import type { TableProps } from 'antd';

type Column = { width?: number | string; children?: readonly Column[] };

/**
 * The horizontal scroll width of a table: the sum of its columns' widths (a column group counts its
 * children). A hand-written `scroll.x` drifts from the columns as they change and, when it is smaller
 * than their sum, the last columns end up under the fixed actions column (issue 16).
 */
export function columnsWidth(columns: readonly Column[]): number {
  return columns.reduce((sum, column) => {
    if (column.children?.length) return sum + columnsWidth(column.children);
    return sum + (typeof column.width === 'number' ? column.width : 0);
  }, 0);
}

/**
 * The props every wide table (with a fixed column) takes: `scroll.x` from the columns' widths and the
 * automatic layout, under which a column's width is where it starts and never less than its content's
 * narrowest form (a status tag, a header word in any language), so no text is clipped or hidden under
 * the fixed column whatever the language. Long texts still wrap.
 */
export function wideTable(columns: readonly Column[]): Pick<TableProps, 'scroll' | 'tableLayout'> {
  return { scroll: { x: columnsWidth(columns) }, tableLayout: 'auto' };
}
