import { GATEWAY_PARAM_LIMITS as L, withLteRouting } from '@fleet/contracts';
import { App, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, SwitchField, TextField, useParams } from './fields';

/** Local storage: retention, memory or disk, internal or TF card. */
export function StorageSection() {
  const { t } = useTranslation();
  const k = (key: string) => t(`gatewayParamsForm.storage.${key}`);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <NumberField
          path="storage.retention_min"
          label={k('retention')}
          min={L.retentionMin.min}
          addon="min"
          rule="gatewayParams.retention"
        />
      </Col>
      <Col xs={24} md={8}>
        <SelectField
          path="storage.type"
          label={k('type')}
          options={[0, 1].map((v) => ({ value: v, label: t(`gatewayParamsForm.storage.types.${v}`) }))}
        />
      </Col>
      <Col xs={24} md={8}>
        <SelectField
          path="storage.medium"
          label={k('medium')}
          options={[0, 1].map((v) => ({ value: v, label: t(`gatewayParamsForm.storage.media.${v}`) }))}
        />
      </Col>
    </Row>
  );
}

/**
 * Network: IP, 4G, 4G routing and Wi-Fi. Turning 4G routing on asks first, because it turns
 * network-port collection off (SPEC 5); without 4G it cannot be turned on.
 */
export function NetworkSection() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { value, replace, set } = useParams();
  const n = value.network;
  const k = (key: string) => t(`gatewayParamsForm.network.${key}`);

  const toggleRouting = (next: boolean) => {
    if (!next) return set('network.lte_routing', false);
    modal.confirm({
      title: k('routingConfirmTitle'),
      content: k('routingConfirm'),
      okText: k('routingConfirmOk'),
      cancelText: t('common.cancel'),
      onOk: () => replace(withLteRouting(value)),
    });
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <SelectField
          path="network.ip_mode"
          label={k('ipMode')}
          options={(['dhcp', 'static'] as const).map((v) => ({
            value: v,
            label: t(`gatewayParamsForm.network.ipModes.${v}`),
          }))}
        />
      </Col>
      <Col xs={24} md={8}>
        <TextField
          path="network.ip"
          label={k('ip')}
          maxLength={45}
          placeholder="192.168.1.10"
          rule={n.ip_mode === 'static' ? 'gatewayParams.staticNeedsIp' : undefined}
        />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="network.netmask" label={k('netmask')} maxLength={45} placeholder="255.255.255.0" />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="network.gateway" label={k('gateway')} maxLength={45} />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="network.dns" label="DNS" maxLength={45} />
      </Col>
      <Col xs={24} md={8} />
      <Col xs={24} md={8}>
        <SwitchField path="network.lte_enable" label={k('lte')} />
      </Col>
      <Col xs={24} md={8}>
        <SwitchField
          path="network.lte_routing"
          label={k('routing')}
          rule="gatewayParams.routingNeeds4g"
          lock={!n.lte_enable && !n.lte_routing}
          onToggle={toggleRouting}
        />
      </Col>
      <Col xs={24} md={8}>
        <SwitchField
          path="network.network_port_collection"
          label={k('collection')}
          rule={n.lte_routing ? 'gatewayParams.routingStopsCollection' : undefined}
        />
      </Col>
      <Col xs={24} md={8}>
        <SwitchField path="network.wifi_enable" label={k('wifi')} />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="network.hotspot_name" label={k('hotspot')} maxLength={32} />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="network.wifi_password" label={k('wifiPassword')} maxLength={63} password />
      </Col>
    </Row>
  );
}
