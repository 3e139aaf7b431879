import { registerScadaListBundle } from './i18n';
import { ScadaListPage } from './ScadaListPage';

registerScadaListBundle();

/** /scada/app (SPEC 2.3): SCADA apps, drawings bound to real devices. A lazy chunk of its own. */
export default function ScadaAppsPage() {
  return <ScadaListPage kind="app" />;
}
