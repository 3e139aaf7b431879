import { registerOtaPlansBundle } from '../plans/i18n';
import { OtaLogTable } from './components/OtaLogTable';
import { registerOtaLogsBundle } from './i18n';

registerOtaLogsBundle();
registerOtaPlansBundle();

/** /ota/log (ota.Log/index): every step of every gateway in every plan. */
export default function LogPage() {
  return (
    <div data-testid="ota-log-page">
      <OtaLogTable kind="log" />
    </div>
  );
}
