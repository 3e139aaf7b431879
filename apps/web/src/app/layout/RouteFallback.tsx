import { Spin } from 'antd';

/** Shown while a lazy page or a guard loader is busy. */
export function RouteFallback() {
  return (
    <div className="route-fallback">
      <Spin size="large" />
    </div>
  );
}
