import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC 9: the button appears after 300 px of scroll and scrolls up over 800 ms. */
export const BACK_TO_TOP_THRESHOLD = 300;
export const BACK_TO_TOP_DURATION = 800;

/** Ease-out cubic position at time t (0..duration) when scrolling from `from` to 0. */
export function scrollPositionAt(from: number, elapsed: number, duration = BACK_TO_TOP_DURATION): number {
  if (elapsed >= duration) return 0;
  const p = Math.max(0, elapsed) / duration;
  return from * (1 - (1 - (1 - p) ** 3));
}

export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const scrollUp = () => {
    const from = window.scrollY;
    const start = performance.now();
    const step = (now: number) => {
      const y = scrollPositionAt(from, now - start);
      window.scrollTo(0, y);
      if (y > 0) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };

  if (!visible) return null;
  return (
    <Tooltip title={t('navbar.backToTop')} placement="left">
      <Button
        data-testid="back-to-top"
        className="back-to-top"
        type="primary"
        shape="circle"
        size="large"
        aria-label={t('navbar.backToTop')}
        icon={<VerticalAlignTopOutlined />}
        onClick={scrollUp}
      />
    </Tooltip>
  );
}
