import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { HJ212_CRC_MODES, HJ212_DATA_TYPES, GATEWAY_PARAM_LIMITS as L } from '@fleet/contracts';
import { Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberField, ParamItem, SelectField, SwitchField, TextField, useParams } from './fields';

/** HJ212 (the environmental monitoring protocol): server, MN/ST/PW, flag, reporting, random and supplementary data. */
export function Hj212Section() {
  const { t } = useTranslation();
  const { value, set, disabled } = useParams();
  const k = (key: string) => t(`gatewayParamsForm.hj212.${key}`);
  const factors = value.hj212.factors;
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <SwitchField path="hj212.enable" label={t('gatewayParamsForm.enable')} />
      </Col>
      <Col xs={24} md={12}>
        <TextField path="hj212.server" label={k('server')} maxLength={253} />
      </Col>
      <Col xs={24} md={6}>
        <NumberField
          path="hj212.port"
          label={k('port')}
          min={L.port.min}
          max={L.port.max}
          rule="gatewayParams.port"
        />
      </Col>
      <Col xs={24} md={8}>
        <TextField path="hj212.mn" label="MN" maxLength={24} />
      </Col>
      <Col xs={12} md={8}>
        <TextField path="hj212.st" label="ST" maxLength={8} />
      </Col>
      <Col xs={12} md={8}>
        <TextField path="hj212.pw" label="PW" maxLength={32} password />
      </Col>
      <Col xs={12} md={6}>
        <SelectField
          path="hj212.flag"
          label={k('flag')}
          rule="gatewayParams.hj212Flag"
          options={L.hj212Flags.map((v) => ({ value: v, label: String(v) }))}
        />
      </Col>
      <Col xs={12} md={6}>
        <NumberField
          path="hj212.report_interval_min"
          label={k('reportInterval')}
          min={L.reportIntervalMin.min}
          addon="min"
          rule="gatewayParams.reportInterval"
        />
      </Col>
      <Col xs={12} md={6}>
        <NumberField path="hj212.interrupt_cache_limit" label={k('cacheLimit')} min={0} />
      </Col>
      <Col xs={12} md={6}>
        <SelectField
          path="hj212.time_unit"
          label={k('timeUnit')}
          options={(['m', 'h', 'd'] as const).map((v) => ({
            value: v,
            label: t(`gatewayParamsForm.hj212.units.${v}`),
          }))}
        />
      </Col>
      <Col xs={12} md={6}>
        <NumberField path="hj212.retry_times" label={k('retries')} min={0} max={10} />
      </Col>
      <Col xs={12} md={6}>
        <NumberField path="hj212.timeout_s" label={k('timeout')} min={1} max={600} addon="s" />
      </Col>
      <Col xs={24} md={12}>
        <SelectField
          path="hj212.crc_mode"
          label={k('crc')}
          options={HJ212_CRC_MODES.map((v) => ({
            value: v,
            label: v === 'none' ? k('crcNone') : v.toUpperCase(),
          }))}
        />
      </Col>
      <Col xs={24} md={6}>
        <SwitchField path="hj212.random_enable" label={k('random')} />
      </Col>
      <Col xs={12} md={6}>
        <NumberField path="hj212.random_min" label={k('randomMin')} />
      </Col>
      <Col xs={12} md={6}>
        <NumberField path="hj212.random_max" label={k('randomMax')} rule="gatewayParams.randomRange" />
      </Col>
      <Col xs={24} md={6} />
      <Col xs={24} md={12}>
        <SwitchField
          path="hj212.supplementary_enable"
          label={k('supplementary')}
          rule="gatewayParams.supplementaryNeedsRandom"
        />
      </Col>
      <Col xs={24} md={12}>
        <NumberField
          path="hj212.supplementary_hours"
          label={k('supplementaryHours')}
          min={0}
          max={720}
          addon="h"
        />
      </Col>
      <Col xs={24}>
        <ParamItem path="hj212.factors" label={k('factors')}>
          <Flex vertical gap={8}>
            {factors.map((factor, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: factors are edited by position
              <Flex key={i} gap={8} align="center">
                <Form.Item noStyle validateStatus={factor.code.trim() === '' ? 'error' : undefined}>
                  <Input
                    value={factor.code}
                    placeholder={k('factorCode')}
                    aria-label={k('factorCode')}
                    maxLength={32}
                    disabled={disabled}
                    onChange={(e) => set(`hj212.factors.${i}.code`, e.target.value)}
                    style={{ width: 160 }}
                  />
                </Form.Item>
                <Select
                  mode="multiple"
                  value={factor.data_types}
                  aria-label={k('dataTypes')}
                  placeholder={k('dataTypes')}
                  disabled={disabled}
                  options={HJ212_DATA_TYPES.map((v) => ({ value: v, label: v.toUpperCase() }))}
                  onChange={(v) => set(`hj212.factors.${i}.data_types`, v)}
                  style={{ flex: 1 }}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={disabled}
                  aria-label={t('gatewayParamsForm.remove')}
                  onClick={() =>
                    set(
                      'hj212.factors',
                      factors.filter((_f, j) => j !== i),
                    )
                  }
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={disabled}
              onClick={() => set('hj212.factors', [...factors, { code: '', data_types: ['rtd'] }])}
              style={{ alignSelf: 'flex-start' }}
            >
              {k('addFactor')}
            </Button>
          </Flex>
        </ParamItem>
      </Col>
    </Row>
  );
}
