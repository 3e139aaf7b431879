import type { OtaSimRow } from '@fleet/contracts';
import { App, Button, Empty, Flex, Modal, Popconfirm, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/api/client';
import { useDebouncedValue } from '../../../../shared/hooks/use-list-params';
import { Permit } from '../../../../shared/permission/Permit';
import { useOtaGateways } from '../../gateways/api/list-gateways';
import { useUpdateOtaGateway } from '../../gateways/api/update-gateway';

/**
 * The gateways using a SIM card (same ICCID) and linking another one: a gateway's ICCID is set to
 * the card's (PUT /ota/gateways/{id}); unlinking empties it.
 */
export function SimLinkModal({ sim, onClose }: { sim?: OtaSimRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [gatewayId, setGatewayId] = useState<number>();
  const open = sim !== undefined;
  // The gateway search covers ICCIDs: the card's gateways are those whose ICCID is exactly the card's.
  const linked = useOtaGateways({ page: 1, limit: 100, search: sim?.iccid ?? '' }, open);
  const candidates = useOtaGateways({ page: 1, limit: 20, search: useDebouncedValue(search.trim()) }, open);
  const update = useUpdateOtaGateway();
  const linkedRows = (linked.data?.rows ?? []).filter((g) => g.iccid === sim?.iccid);

  useEffect(() => {
    if (sim) {
      setGatewayId(undefined);
      setSearch('');
    }
  }, [sim]);

  const setIccid = async (id: number, iccid: string | null, done: string) => {
    try {
      await update.mutateAsync({ id, body: { iccid } });
      void message.success(t(done));
      setGatewayId(undefined);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={600}
      title={t('otaSims.link.title', { iccid: sim?.iccid ?? '' })}
      destroyOnHidden
      data-testid="ota-sim-link-modal"
    >
      <Flex vertical gap={16}>
        {linked.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : linkedRows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('otaSims.link.none')} />
        ) : (
          <Flex vertical gap={6} data-testid="ota-sim-linked">
            {linkedRows.map((g) => (
              <Flex
                key={g.id}
                justify="space-between"
                align="center"
                style={{ padding: '6px 12px', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6 }}
              >
                <span>
                  <Typography.Text strong>{g.imei}</Typography.Text>
                  {g.model && <Typography.Text type="secondary"> · {g.model}</Typography.Text>}
                </span>
                <Permit perm="OtaManager">
                  <Popconfirm
                    title={t('otaSims.link.unlinkConfirm', { imei: g.imei })}
                    onConfirm={() => setIccid(g.id, null, 'otaSims.link.unlinked')}
                  >
                    <Button type="link" size="small" danger data-testid="ota-sim-unlink">
                      {t('otaSims.link.unlink')}
                    </Button>
                  </Popconfirm>
                </Permit>
              </Flex>
            ))}
          </Flex>
        )}
        <Permit perm="OtaManager">
          <Flex gap={8} align="center">
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              value={gatewayId}
              onChange={setGatewayId}
              placeholder={t('otaSims.link.pick')}
              aria-label={t('otaSims.link.pick')}
              loading={candidates.isFetching}
              notFoundContent={t('otaSims.link.noGateways')}
              options={(candidates.data?.rows ?? [])
                .filter((g) => g.iccid !== sim?.iccid)
                .map((g) => ({
                  value: g.id,
                  label: g.iccid ? `${g.imei} · ${t('otaSims.link.replaces', { iccid: g.iccid })}` : g.imei,
                }))}
              style={{ flex: 1 }}
              data-testid="ota-sim-link-gateway"
            />
            <Button
              type="primary"
              disabled={gatewayId === undefined || !sim}
              loading={update.isPending}
              onClick={() =>
                sim && gatewayId !== undefined && void setIccid(gatewayId, sim.iccid, 'otaSims.link.linked')
              }
              data-testid="ota-sim-link-submit"
            >
              {t('otaSims.link.link')}
            </Button>
          </Flex>
        </Permit>
      </Flex>
    </Modal>
  );
}
