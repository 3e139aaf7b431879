import type { OtaLineFailure } from '@fleet/contracts';
import { Alert, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureText } from '../lib/line-failures';

/**
 * The refused lines of an all-or-nothing bulk create: each by its position (line or item, from 1),
 * its value and the reason in the user's language. Nothing was stored.
 */
export function LineFailures({
  failures,
  values,
  positionLabel,
  testId,
}: {
  failures: readonly OtaLineFailure[];
  /** What was sent, one value per line or item, to name the first line a repeat repeats. */
  values: readonly string[];
  positionLabel: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Alert type="error" showIcon title={t('otaGateways.failures.title', { count: failures.length })} />
      <Table<OtaLineFailure>
        size="small"
        rowKey={(r) => `${r.row}-${r.value}`}
        dataSource={[...failures]}
        pagination={false}
        scroll={{ y: 240 }}
        columns={[
          { title: positionLabel, dataIndex: 'row', width: 80 },
          { title: t('otaGateways.failures.value'), dataIndex: 'value', width: 200 },
          {
            title: t('otaGateways.failures.reason'),
            key: 'reason',
            render: (_v, r) => failureText(r, i18n.language, values),
          },
        ]}
      />
    </Flex>
  );
}
