import { GATEWAY_PARAM_LIMITS as L } from '@fleet/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberField, SwitchField, TextField } from './fields';

/** The MQTT connection a smart gateway reports over. */
export function MqttSection() {
  const { t } = useTranslation();
  const k = (key: string) => t(`gatewayParamsForm.mqtt.${key}`);
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <SwitchField path="mqtt.enable" label={t('gatewayParamsForm.enable')} />
      </Col>
      <Col xs={24} md={12}>
        <TextField path="mqtt.server" label={k('server')} maxLength={253} placeholder="mqtt.example.com" />
      </Col>
      <Col xs={24} md={6}>
        <NumberField
          path="mqtt.port"
          label={k('port')}
          min={L.port.min}
          max={L.port.max}
          rule="gatewayParams.port"
        />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="mqtt.client_id" label={k('clientId')} maxLength={128} />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="mqtt.username" label={k('username')} maxLength={128} />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="mqtt.password" label={k('password')} maxLength={128} password />
      </Col>
      <Col xs={24} md={8}>
        <NumberField path="mqtt.keep_alive_s" label={k('keepAlive')} min={0} max={65535} addon="s" />
      </Col>
      <Col xs={12} md={8}>
        <SwitchField path="mqtt.clean_session" label={k('cleanSession')} />
      </Col>
      <Col xs={12} md={8}>
        <SwitchField path="mqtt.report_on_change" label={k('reportOnChange')} />
      </Col>
    </Row>
  );
}
