import { WorkOrderTable } from '../components/WorkOrderTable';

/** /maintenance/workOrder: every work order of the tenant, with the overdue and due-soon views. */
export default function WorkOrdersPage() {
  return <WorkOrderTable testId="work-orders-page" />;
}
