import { DesignerPage } from './DesignerPage';

/** /scada/design/template?id= (a lazy chunk of its own). */
export default function DesignTemplatePage() {
  return <DesignerPage kind="template" />;
}
