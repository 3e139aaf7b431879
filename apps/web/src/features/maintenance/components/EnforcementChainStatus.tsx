import { SafetyCertificateOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnforcementVerify } from '../api/enforcement-verify';

/** The chain status badge and the Verify button; a verify shows its result below the toolbar. */
export function EnforcementChainStatus({ onVerify }: { onVerify: () => void }) {
  const { t } = useTranslation();
  const verify = useEnforcementVerify();
  const answer = verify.data;
  const status = !answer ? 'default' : answer.intact ? 'success' : 'error';
  const label = !answer
    ? t('enforcement.chain.unknown')
    : answer.total === 0
      ? t('enforcement.chain.empty')
      : answer.intact
        ? t('enforcement.chain.intact')
        : t('enforcement.chain.broken');
  return (
    <Flex gap={8} align="center" wrap>
      <Badge
        status={status}
        text={label}
        data-testid="enforcement-chain-badge"
        data-state={answer ? (answer.intact ? 'intact' : 'broken') : 'unknown'}
      />
      {/* No `loading`: a loading button swallows clicks, and the badge's own first check runs on open. */}
      <Button
        icon={<SafetyCertificateOutlined spin={verify.isFetching} />}
        onClick={() => {
          onVerify();
          void verify.refetch();
        }}
        data-testid="enforcement-verify"
      >
        {verify.isFetching ? t('enforcement.chain.verifying') : t('enforcement.chain.verify')}
      </Button>
    </Flex>
  );
}

/** The last verify's answer in words (after the user pressed Verify). */
export function EnforcementVerifyResult({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  const verify = useEnforcementVerify();
  const answer = verify.data;
  if (!shown || !answer || verify.isFetching) return null;
  if (answer.intact)
    return (
      <Alert
        type="success"
        showIcon
        icon={<SafetyCertificateOutlined />}
        style={{ marginBottom: 12 }}
        message={t('enforcement.chain.intactResult', { checked: answer.checked, chains: answer.chains })}
        description={answer.head_hash ? `${t('enforcement.chain.head')}: ${answer.head_hash}` : undefined}
        data-testid="enforcement-verify-result"
        data-state="intact"
      />
    );
  const broken = answer.broken!;
  return (
    <Alert
      type="error"
      showIcon
      icon={<WarningOutlined />}
      style={{ marginBottom: 12 }}
      message={t('enforcement.chain.brokenResult', {
        owner: broken.owner_user_id,
        seq: broken.seq,
        id: broken.id,
        checked: answer.checked,
        total: answer.total,
        reason: t(`enforcement.chain.${broken.reason}`, { expected: (broken.expected_seq ?? 1) - 1 }),
      })}
      data-testid="enforcement-verify-result"
      data-state="broken"
    />
  );
}
