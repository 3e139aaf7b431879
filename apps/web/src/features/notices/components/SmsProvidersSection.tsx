import { Space } from 'antd';
import { QueryState } from '../../../shared/components/PageContainer';
import { useSmsProviders } from '../api/get-sms-providers';
import { SmsProviderCard } from './SmsProviderCard';

/** Platform management: the SMS and voice provider accounts (issue 21 item 1). */
export function SmsProvidersSection() {
  const providers = useSmsProviders();
  return (
    <QueryState
      loading={providers.isPending}
      error={providers.error}
      onRetry={() => void providers.refetch()}
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {providers.data?.map((row) => (
          <SmsProviderCard key={row.channel} row={row} />
        ))}
      </Space>
    </QueryState>
  );
}
