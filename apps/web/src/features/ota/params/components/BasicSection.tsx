import { GATEWAY_PARAM_LIMITS as L } from '@fleet/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, SwitchField, TextField } from './fields';

/** Version, APN, upgrade, uart, run mode and power mode (SPEC 3). */
export function BasicSection({ currentVersion }: { currentVersion: number | null }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`gatewayParamsForm.basic.${key}`);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <NumberField
          path="param_version"
          label={k('version')}
          min={1}
          rule="gatewayParams.versionNotAbove"
          help={
            currentVersion === null
              ? t('gatewayParamsForm.basic.noCurrent')
              : t('gatewayParamsForm.basic.current', { version: currentVersion })
          }
        />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="apn" label={k('apn')} maxLength={64} placeholder="cmnet" />
      </Col>
      <Col xs={24} md={8}>
        <SwitchField path="auto_upgrade" label={k('autoUpgrade')} />
      </Col>
      <Col xs={24} md={8}>
        <SwitchField path="uart_enable" label={k('uartEnable')} />
      </Col>
      <Col xs={24} md={8}>
        <NumberField
          path="uart_read_ms"
          label={k('uartReadMs')}
          min={L.uartReadMs.min}
          max={L.uartReadMs.max}
          addon="ms"
          rule="gatewayParams.uartReadMs"
          help={t('gatewayParamsForm.defaultIs', { value: L.uartReadMs.default })}
        />
      </Col>
      <Col xs={24} md={8}>
        <NumberField
          path="net_read_ms"
          label={k('netReadMs')}
          min={L.netReadMs.min}
          addon="ms"
          help={t('gatewayParamsForm.defaultIs', { value: L.netReadMs.default })}
        />
      </Col>
      <Col xs={24} md={8}>
        <NumberField
          path="switch_slave_id"
          label={k('switchSlaveId')}
          min={L.switchSlaveId.min}
          max={L.switchSlaveId.max}
          rule="gatewayParams.switchSlaveId"
        />
      </Col>
      <Col xs={24} md={8}>
        <SelectField
          path="run_mode"
          label={k('runMode')}
          options={[0, 1, 2].map((v) => ({ value: v, label: t(`gatewayParamsForm.basic.runModes.${v}`) }))}
        />
      </Col>
      <Col xs={24} md={8}>
        <SelectField
          path="power_mode"
          label={k('powerMode')}
          options={(['normal', 'saving'] as const).map((v) => ({
            value: v,
            label: t(`gatewayParamsForm.basic.powerModes.${v}`),
          }))}
        />
      </Col>
      <Col xs={24} md={8}>
        <SwitchField path="sensor_calibration" label={k('sensorCalibration')} />
      </Col>
      <Col xs={24} md={8}>
        <SwitchField path="remote_reset" label={k('remoteReset')} />
      </Col>
    </Row>
  );
}
