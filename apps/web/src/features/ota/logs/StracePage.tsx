import { registerOtaPlansBundle } from '../plans/i18n';
import { OtaLogTable } from './components/OtaLogTable';
import { registerOtaLogsBundle } from './i18n';

registerOtaLogsBundle();
registerOtaPlansBundle();

/** /ota/strace (ota.Strace/index): failed steps with the trace the gateway sent. */
export default function StracePage() {
  return (
    <div data-testid="ota-strace-page">
      <OtaLogTable kind="strace" />
    </div>
  );
}
