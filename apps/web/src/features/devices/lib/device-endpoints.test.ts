import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVICE_ENDPOINTS } from '@fleet/contracts';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../../shared/i18n';
import { endpointHint } from '../components/LiveDataTab';

const root = [process.cwd(), join(process.cwd(), '../..')].find((dir) =>
  existsSync(join(dir, 'docs/protocols.md')),
);
const repo = (path: string) => readFileSync(join(root ?? '.', path), 'utf8');

describe('the topic, path and header the UI names', () => {
  it('are the ones docs/protocols.md and @fleet/protocols define', () => {
    const doc = repo('docs/protocols.md');
    for (const value of Object.values(DEVICE_ENDPOINTS)) expect(doc).toContain(value);
    // @fleet/protocols builds the topic as d/${imei}/${kind} with kind 'up' for telemetry.
    const topics = repo('packages/protocols/src/mqtt/topics.ts');
    expect(topics).toContain('return `d/${imei}/${kind}`;');
    expect(topics).toContain(`${DEVICE_ENDPOINTS.mqttUpTopic}    device -> platform telemetry`);
  });

  it('reach the empty Live data hint in every language', async () => {
    for (const lang of ['zh', 'en', 'es']) {
      await i18n.changeLanguage(lang);
      const hint = i18n.t('devices.live.emptyHint', endpointHint);
      expect(hint).toContain('d/<IMEI>/up');
      expect(hint).toContain('/api/v1/ingest/<IMEI>');
      expect(hint).toContain('X-Device-Key');
      expect(hint).not.toContain('telemetry');
    }
    await i18n.changeLanguage('zh');
  });
});
