import { RightOutlined } from '@ant-design/icons';
import { Card, Flex, Pagination, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { TableEmpty } from './ListCard';

/**
 * A list page's rows as cards on a phone, where a wide table would scroll sideways: loading skeleton,
 * the same empty state as the table, and a simple pager that drives the same list params.
 */
export function PhoneCardList<Row>({
  rows,
  pending,
  filtered,
  total,
  list,
  card,
  testId,
}: {
  rows: Row[];
  pending: boolean;
  filtered: boolean;
  total: number;
  list: { page: number; limit: number; onPageChange: (page: number, limit: number) => void };
  card: (row: Row) => ReactNode;
  testId?: string;
}) {
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {pending ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <TableEmpty filtered={filtered} />
      ) : (
        rows.map(card)
      )}
      {total > list.limit && (
        <Pagination
          simple
          current={list.page}
          pageSize={list.limit}
          total={total}
          onChange={list.onPageChange}
          style={{ alignSelf: 'center' }}
        />
      )}
    </Flex>
  );
}

/** One row as a tappable card: its lines on the left, an arrow on the right; a tap opens the row. */
export function PhoneRowCard({
  onOpen,
  label,
  testId,
  children,
}: {
  onOpen: () => void;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      hoverable
      onClick={onOpen}
      styles={{ body: { padding: 12 } }}
      data-testid={testId}
      role="button"
      aria-label={label}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          {children}
        </Flex>
        <RightOutlined />
      </Flex>
    </Card>
  );
}
