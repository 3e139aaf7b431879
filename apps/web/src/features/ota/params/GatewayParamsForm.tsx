import type { GatewayParams } from '@fleet/contracts';
import { Alert, Card, Flex, Form } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BasicSection } from './components/BasicSection';
import { ChannelsSection } from './components/ChannelsSection';
import { ParamsCtx } from './components/fields';
import { Hj212Section } from './components/Hj212Section';
import { LoopWriteSection } from './components/LoopWriteSection';
import { MqttSection } from './components/MqttSection';
import { NetworkSection, StorageSection } from './components/StorageNetworkSection';
import { ThirdPartySection } from './components/ThirdPartySection';
import { type ParamPath, setIn, validateGatewayParams } from './lib/params-state';

export interface GatewayParamsFormProps {
  /** The document being edited (start a new one with the contract's `defaultGatewayParams()`). */
  value: GatewayParams;
  /** Every edit: the next document and the rules it breaks (empty: it can be saved). */
  onChange: (next: GatewayParams, problems: Map<ParamPath, string>) => void;
  /** The version the gateway (or the plan's target) runs now; the new one must be above it. */
  currentVersion: number | null;
  disabled?: boolean;
}

const SECTIONS: [key: string, body: (currentVersion: number | null) => ReactNode][] = [
  ['basic', (v) => <BasicSection currentVersion={v} />],
  ['channels', () => <ChannelsSection />],
  ['mqtt', () => <MqttSection />],
  ['hj212', () => <Hj212Section />],
  ['thirdParty', () => <ThirdPartySection />],
  ['storage', () => <StorageSection />],
  ['network', () => <NetworkSection />],
  ['loopWrite', () => <LoopWriteSection />],
];

/**
 * The gateway parameter document of SPEC 3, edited section by section, each SPEC 5 rule shown under
 * the field it applies to and in red when it fails (the contract's schema decides, as on the server
 * and in the gateway). Controlled: the caller keeps the document and saves it when no rule fails.
 */
export function GatewayParamsForm({
  value,
  onChange,
  currentVersion,
  disabled = false,
}: GatewayParamsFormProps) {
  const { t } = useTranslation();
  const problems = useMemo(() => validateGatewayParams(value, currentVersion), [value, currentVersion]);
  const ctx = useMemo(
    () => ({
      value,
      problems,
      disabled,
      set: (path: ParamPath, next: unknown) => {
        const doc = setIn(value, path, next);
        onChange(doc, validateGatewayParams(doc, currentVersion));
      },
      replace: (doc: GatewayParams) => onChange(doc, validateGatewayParams(doc, currentVersion)),
    }),
    [value, problems, disabled, onChange, currentVersion],
  );
  return (
    <ParamsCtx.Provider value={ctx}>
      <Form layout="vertical" component="div" data-testid="gateway-params-form">
        <Flex vertical gap={16}>
          {problems.size > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('gatewayParamsForm.problems', { count: problems.size })}
              data-testid="gateway-params-problems"
            />
          )}
          {SECTIONS.map(([key, body]) => (
            <Card
              key={key}
              size="small"
              title={t(`gatewayParamsForm.sections.${key}`)}
              data-testid={`gp-section-${key}`}
            >
              {body(currentVersion)}
            </Card>
          ))}
        </Flex>
      </Form>
    </ParamsCtx.Provider>
  );
}
