import { useEffect, useState } from 'react';

/** SPEC 9: mobile layout below a body width of 1024 px. */
export const MOBILE_BREAKPOINT = 1024;

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

function readIsMobile(): boolean {
  return isMobileWidth(document.body.getBoundingClientRect().width || window.innerWidth);
}

export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(readIsMobile);
  useEffect(() => {
    const onResize = () => setMobile(readIsMobile());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mobile;
}
