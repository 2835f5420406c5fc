import { Button, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LOGIN_URL, SIGN_UP_URL } from '../utils/login-urls';

type CtaTone = 'sun' | 'brand' | 'onDark';

const toneProps: Record<CtaTone, ButtonProps> = {
  sun: {
    colorPalette: 'sun',
    variant: 'solid',
    _hover: { bg: 'sun.200' },
    _focusVisible: { outline: '3px solid', outlineColor: 'white', outlineOffset: '3px' },
  },
  brand: { colorPalette: 'brand', variant: 'solid', _hover: { bg: 'brand.800' } },
  onDark: {
    variant: 'outline',
    color: 'white',
    borderColor: 'whiteAlpha.600',
    _hover: { bg: 'whiteAlpha.200', borderColor: 'white' },
    _focusVisible: { outline: '3px solid', outlineColor: 'sun.300', outlineOffset: '3px' },
  },
};

interface CtaLinkProps extends Omit<ButtonProps, 'asChild' | 'children'> {
  children: ReactNode;
  /** Open the sign-up tab on /acceso instead of sign-in. */
  signUp?: boolean;
  tone?: CtaTone;
}

/** A call-to-action that looks like a button and is a real link to /api/login (full-page navigation). */
export function CtaLink({ children, signUp = false, tone = 'brand', ...props }: CtaLinkProps) {
  return (
    // type={undefined}: Chakra's Button defaults to type="button", which is wrong on an <a>.
    <Button asChild type={undefined} borderRadius="full" fontWeight="700" {...toneProps[tone]} {...props}>
      <a href={signUp ? SIGN_UP_URL : LOGIN_URL}>{children}</a>
    </Button>
  );
}
