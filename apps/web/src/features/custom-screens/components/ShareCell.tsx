import { CopyOutlined, LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CustomScreenRow } from '@fleet/contracts';
import { Alert, App, Button, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../devices/lib/labels';
import { useCustomScreenMutations } from '../api/custom-screen-mutations';

export const shareUrl = (token: string) => `${window.location.origin}/share/screen/${token}`;

/**
 * A screen's external link in the list. The server keeps only a hash of the link's token, so the full
 * URL is shown once, right after it is made (like an API key: copy it then). Afterwards the list says
 * since when a link is out and offers a new link (the old one stops working) or revoking it.
 */
export function ShareCell({ row, mayWrite }: { row: CustomScreenRow; mayWrite: boolean }) {
  const { t } = useTranslation();
  const { share, revoke } = useCustomScreenMutations();
  const [made, setMade] = useState<string | null>(null);

  const makeLink = () =>
    share
      .mutateAsync(row.id)
      .then((answer) => setMade(answer.share_token))
      .catch(() => undefined);
  // Once closed, the token is gone from the page too (the mutation's answer included).
  const close = () => {
    setMade(null);
    share.reset();
  };

  return (
    <>
      {row.shared ? (
        <Space size={4} wrap>
          <Typography.Text type="secondary" data-testid={`cs-share-since-${row.id}`}>
            {t('customScreens.share.since', { time: formatTime(row.shared_at, '-') })}
          </Typography.Text>
          {mayWrite ? (
            <>
              <Popconfirm title={t('customScreens.share.renewConfirm')} onConfirm={makeLink}>
                <Button size="small" icon={<ReloadOutlined />} data-testid={`cs-share-renew-${row.id}`}>
                  {t('customScreens.share.renew')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('customScreens.share.revokeConfirm')}
                onConfirm={() => revoke.mutateAsync(row.id).catch(() => undefined)}
              >
                <Button size="small" danger data-testid={`cs-share-revoke-${row.id}`}>
                  {t('customScreens.share.revoke')}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Space>
      ) : mayWrite ? (
        <Button
          size="small"
          icon={<LinkOutlined />}
          loading={share.isPending}
          onClick={() => void makeLink()}
          data-testid={`cs-share-${row.id}`}
        >
          {t('customScreens.share.create')}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t('customScreens.share.none')}</Typography.Text>
      )}
      {made ? <MadeLink name={row.name} url={shareUrl(made)} onClose={close} /> : null}
    </>
  );
}

/** The link just made, with a copy button and the note that it is shown only now. */
function MadeLink({ name, url, onClose }: { name: string; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = () =>
    navigator.clipboard
      ?.writeText(url)
      .then(() => message.success(t('customScreens.share.copied')))
      .catch(() => undefined);
  return (
    <Modal
      open
      title={`${t('customScreens.share.madeTitle')}: ${name}`}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="cs-share-done">
          {t('customScreens.share.done')}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('customScreens.share.onceNote')} data-testid="cs-share-once" />
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input readOnly value={url} onFocus={(e) => e.target.select()} data-testid="cs-share-url" />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="cs-share-copy">
          {t('customScreens.share.copy')}
        </Button>
      </Space.Compact>
      <div style={{ marginTop: 8 }}>
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" data-testid="cs-share-link">
          {t('customScreens.share.link')}
        </Typography.Link>
      </div>
    </Modal>
  );
}
