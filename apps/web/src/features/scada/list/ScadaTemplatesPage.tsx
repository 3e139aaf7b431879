import { registerScadaListBundle } from './i18n';
import { ScadaListPage } from './ScadaListPage';

registerScadaListBundle();

/** /scada/template (SPEC 2.3): SCADA templates, bound by point name to a device template. */
export default function ScadaTemplatesPage() {
  return <ScadaListPage kind="template" />;
}
