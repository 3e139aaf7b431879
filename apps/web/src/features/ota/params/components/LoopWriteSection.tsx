import { GATEWAY_PARAM_LIMITS as L, LOOP_WRITE_CONTENT_TYPES } from '@fleet/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, SwitchField, TextField, useParams } from './fields';

/** A write the gateway repeats on its own: interval, Modbus or custom message, content. */
export function LoopWriteSection() {
  const { t } = useTranslation();
  const { value } = useParams();
  const k = (key: string) => t(`gatewayParamsForm.loopWrite.${key}`);
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <SwitchField path="loop_write.enable" label={t('gatewayParamsForm.enable')} />
      </Col>
      <Col xs={24} md={6}>
        <NumberField
          path="loop_write.interval_s"
          label={k('interval')}
          min={L.modbusIntervalS.min}
          addon="s"
          rule="gatewayParams.modbusInterval"
        />
      </Col>
      <Col xs={12} md={6}>
        <SelectField
          path="loop_write.message_type"
          label={k('messageType')}
          options={[0, 1].map((v) => ({
            value: v,
            label: t(`gatewayParamsForm.loopWrite.messageTypes.${v}`),
          }))}
        />
      </Col>
      <Col xs={12} md={6}>
        <SelectField
          path="loop_write.content_type"
          label={k('contentType')}
          options={LOOP_WRITE_CONTENT_TYPES.map((v) => ({
            value: v,
            label: t(`gatewayParamsForm.loopWrite.contentTypes.${v}`),
          }))}
        />
      </Col>
      <Col xs={24}>
        <TextField
          path="loop_write.content"
          label={k('content')}
          maxLength={512}
          rule={value.loop_write.content_type === 'hex' ? 'gatewayParams.hexPrefix' : undefined}
        />
      </Col>
    </Row>
  );
}
