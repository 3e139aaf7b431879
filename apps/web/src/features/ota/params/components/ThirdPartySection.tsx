import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { THIRD_PARTY_FORMATS } from '@fleet/contracts';
import { Button, Col, Flex, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ParamItem, SelectField, SwitchField, TextField, useParams } from './fields';

/** A third-party MQTT platform: topics, data format and the variable mapping (from param version 2). */
export function ThirdPartySection() {
  const { t } = useTranslation();
  const { value, set, disabled } = useParams();
  const k = (key: string) => t(`gatewayParamsForm.thirdParty.${key}`);
  const mapping = value.third_party.mapping;
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <SwitchField
          path="third_party.enable"
          label={t('gatewayParamsForm.enable')}
          rule="gatewayParams.thirdPartyVersion"
        />
      </Col>
      <Col xs={24} md={16}>
        <SelectField
          path="third_party.format"
          label={k('format')}
          options={THIRD_PARTY_FORMATS.map((v) => ({
            value: v,
            label: t(`gatewayParamsForm.thirdParty.formats.${v}`),
          }))}
        />
      </Col>
      <Col xs={24} md={12}>
        <TextField path="third_party.up_topic" label={k('upTopic')} maxLength={256} />
      </Col>
      <Col xs={24} md={12}>
        <TextField path="third_party.down_topic" label={k('downTopic')} maxLength={256} />
      </Col>
      <Col xs={24}>
        <ParamItem path="third_party.mapping" label={k('mapping')} help={k('mappingHelp')}>
          <Flex vertical gap={8} data-testid="gp-mapping">
            {mapping.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: mapping rows are edited by position
              <Flex key={i} gap={8} align="center">
                <Input
                  value={row.variable}
                  placeholder={k('variable')}
                  aria-label={k('variable')}
                  status={row.variable.trim() === '' ? 'error' : undefined}
                  maxLength={64}
                  disabled={disabled}
                  onChange={(e) => set(`third_party.mapping.${i}.variable`, e.target.value)}
                />
                <span aria-hidden>→</span>
                <Input
                  value={row.key}
                  placeholder={k('key')}
                  aria-label={k('key')}
                  status={row.key.trim() === '' ? 'error' : undefined}
                  maxLength={128}
                  disabled={disabled}
                  onChange={(e) => set(`third_party.mapping.${i}.key`, e.target.value)}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={disabled}
                  aria-label={t('gatewayParamsForm.remove')}
                  onClick={() =>
                    set(
                      'third_party.mapping',
                      mapping.filter((_r, j) => j !== i),
                    )
                  }
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={disabled}
              onClick={() => set('third_party.mapping', [...mapping, { variable: '', key: '' }])}
              style={{ alignSelf: 'flex-start' }}
              data-testid="gp-mapping-add"
            >
              {k('addMapping')}
            </Button>
          </Flex>
        </ParamItem>
      </Col>
    </Row>
  );
}
