/**
 * The OTA side of a simulated gateway (DESIGN 13, docs/protocols.md "OTA"). It does what real
 * firmware must: checks the signed manifest before anything else, downloads with HTTP range requests
 * and resumes after a cut where it stopped, checks size and sha256 of the bytes, applies, "reboots"
 * into the new version and reports it; a parameter document is validated with the same SPEC 5 rules
 * as the platform's and applied only above the version it runs. It is transport-free: the MQTT device
 * hands it notices and publishes what it reports.
 */
import type { KeyObject } from 'node:crypto';
import { gatewayParams, paramVersionProblem } from '@fleet/contracts';
import {
  type GatewayIdentity,
  type OtaFirmwareNotice,
  type OtaNotice,
  type OtaProgress,
  refuseArtifact,
  refuseManifest,
} from '@fleet/protocols';

export interface OtaAgentOptions {
  model: string;
  /** The platform's Ed25519 public key (PEM or KeyObject): the one thing the gateway trusts. */
  publicKey: KeyObject | string;
  /** Firmware the gateway starts with. */
  version?: string;
  counter?: number;
  paramVersion?: number | null;
  report: (progress: OtaProgress) => void | Promise<void>;
  /** Waits before starting (the notice's random start delay); tests pass a faster one. */
  delay?: (seconds: number) => Promise<void>;
  now?: () => number;
  fetch?: typeof fetch;
  /** Download attempts before giving up (a cut connection resumes where it stopped). */
  maxAttempts?: number;
  /** The reboot after applying firmware. */
  reboot?: () => Promise<void>;
}

export class OtaAgent {
  version: string;
  counter: number;
  paramVersion: number | null;
  params: unknown = null;
  /** Range requests sent while downloading (the first from byte 0, then one per resume). */
  readonly ranges: string[] = [];
  private busy: Promise<void> = Promise.resolve();

  constructor(private readonly options: OtaAgentOptions) {
    this.version = options.version ?? '1.0.0';
    this.counter = options.counter ?? 0;
    this.paramVersion = options.paramVersion ?? null;
  }

  get identity(): GatewayIdentity {
    return { model: this.options.model, counter: this.counter };
  }

  /** One notice at a time, in arrival order, like a gateway with one update slot. */
  handle(notice: OtaNotice): Promise<void> {
    const run = this.busy.then(() => this.run(notice));
    this.busy = run.catch(() => undefined);
    return run;
  }

  private async run(notice: OtaNotice): Promise<void> {
    await (this.options.delay ?? defaultDelay)(notice.start_after_s);
    if (notice.kind === 'params') return this.applyParams(notice.plan_id, notice.params);
    return this.applyFirmware(notice);
  }

  private report(progress: OtaProgress) {
    return this.options.report(progress);
  }

  private async fail(plan_id: number, reason: NonNullable<OtaProgress['reason']>, detail?: string) {
    await this.report({ plan_id, state: 'failed', reason, ...(detail ? { detail } : {}) });
  }

  private async applyParams(plan_id: number, params: unknown): Promise<void> {
    const parsed = gatewayParams.safeParse(params);
    if (!parsed.success) return this.fail(plan_id, 'apply-failed', parsed.error.issues[0]?.message);
    if (paramVersionProblem(parsed.data.param_version, this.paramVersion)) {
      return this.fail(
        plan_id,
        'rollback',
        `param version ${parsed.data.param_version} not above ${this.paramVersion}`,
      );
    }
    this.params = parsed.data;
    this.paramVersion = parsed.data.param_version;
    await this.report({ plan_id, state: 'applied' });
    await this.report({ plan_id, state: 'reported', param_version: this.paramVersion });
  }

  private async applyFirmware(notice: OtaFirmwareNotice): Promise<void> {
    const now = Math.floor((this.options.now?.() ?? Date.now()) / 1000);
    const refused = refuseManifest(notice, this.options.publicKey, this.identity, now);
    if (refused) return this.fail(notice.plan_id, refused);
    let bytes: Uint8Array;
    try {
      bytes = await this.download(notice);
    } catch (error) {
      return this.fail(notice.plan_id, 'download-failed', (error as Error).message.slice(0, 1024));
    }
    const bad = refuseArtifact(notice.manifest, bytes);
    if (bad) return this.fail(notice.plan_id, bad);
    await this.report({ plan_id: notice.plan_id, state: 'verified' });
    await this.report({ plan_id: notice.plan_id, state: 'applied' });
    await this.options.reboot?.();
    this.version = notice.manifest.version;
    this.counter = notice.manifest.counter;
    await this.report({ plan_id: notice.plan_id, state: 'reported', version: this.version });
  }

  /** GET with `Range: bytes=<received>-` until the manifest's size arrived; a 200 restarts from 0. */
  private async download(notice: OtaFirmwareNotice): Promise<Uint8Array> {
    const size = notice.manifest.artifact.size;
    const buffer = new Uint8Array(size);
    let received = 0;
    const attempts = this.options.maxAttempts ?? 5;
    let lastError = 'no attempt';
    for (let attempt = 0; attempt < attempts && received < size; attempt += 1) {
      const range = `bytes=${received}-`;
      this.ranges.push(range);
      try {
        const response = await (this.options.fetch ?? fetch)(notice.url, { headers: { Range: range } });
        if (response.status === 200) received = 0;
        else if (response.status !== 206 || !contentRangeStartsAt(response, received)) {
          throw new Error(`HTTP ${response.status}`);
        }
        if (!response.body) throw new Error('empty body');
        await this.report({ plan_id: notice.plan_id, state: 'downloading', bytes: received });
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          if (received + chunk.byteLength > size) throw new Error('more bytes than the manifest says');
          buffer.set(chunk, received);
          received += chunk.byteLength;
        }
      } catch (error) {
        lastError = (error as Error).message;
      }
    }
    if (received < size) throw new Error(`download incomplete after ${attempts} attempts: ${lastError}`);
    return buffer;
  }
}

function contentRangeStartsAt(response: Response, start: number): boolean {
  const match = /^bytes (\d+)-\d+\/\d+$/.exec(response.headers.get('content-range') ?? '');
  return match !== null && Number(match[1]) === start;
}

const defaultDelay = (seconds: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, seconds * 1000);
  });
