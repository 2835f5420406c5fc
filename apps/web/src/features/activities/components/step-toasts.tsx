import { Box, Circle, IconButton, Stack, Text, type BoxProps } from '@chakra-ui/react';
import { useEffect } from 'react';
import { ActivityIcon } from '#components/ui/activity-icon';
import { InfoIcon, XIcon } from '#components/ui/icons';
import { useTRPCClient } from '#lib/trpc';
import { useLiveSteps } from '../hooks/use-live-steps';
import { useStepToasts } from '../hooks/use-step-toasts';
import { STEP_TOAST_EXIT_MS, STEP_TOAST_SPACING_PX, stepToastCopy, type StepToast } from '#lib/steps/step-toast-queue';
import { tabStepToasts } from '#lib/steps/tab-step-toasts';
import { Tooltip } from '#components/ui/tooltip';

const GAP_PX = 8;

/** The toasts' column: fixed top right under the header, letting clicks through between cards. */
const REGION_STYLE: BoxProps = {
  position: 'fixed',
  top: '4.75rem',
  insetInlineEnd: { base: '3', md: '6' },
  zIndex: 'toast',
  width: 'min(22rem, calc(100vw - 1.5rem))',
  pointerEvents: 'none',
};

/** One toast card: teal for steps earned, sun for a reached limit; slides in from the right, out to it when exiting. */
function toastCardStyle({ limit, exiting }: { limit: boolean; exiting: boolean }): BoxProps {
  return {
    pointerEvents: exiting ? 'none' : 'auto',
    cursor: 'pointer',
    display: 'flex',
    alignItems: 'flex-start',
    gap: '3',
    minH: `${STEP_TOAST_SPACING_PX - GAP_PX}px`,
    bg: 'surface',
    borderWidth: '1px',
    borderColor: limit ? 'sun.200' : 'brand.100',
    borderInlineStartWidth: '4px',
    borderInlineStartColor: limit ? 'sun.500' : 'brand.500',
    borderRadius: 'xl',
    boxShadow: 'raised',
    ps: '3',
    pe: '2',
    py: '3',
    animationName: exiting ? 'fade-out, slide-to-right' : 'fade-in, slide-from-right',
    animationDuration: exiting ? `${STEP_TOAST_EXIT_MS}ms` : 'moderate',
    animationTimingFunction: exiting ? 'ease-in' : 'ease-out',
    animationFillMode: 'forwards',
    css: { '--slide-from-right-distance': '1.5rem', '--slide-to-right-distance': '1.5rem' },
  };
}

/**
 * Step-completion toasts, top right (spec §2, §4, §9). Mount once, only for a signed-in user, inside
 * the realtime provider: it also feeds the pushed completions into the cache and the queue, and tells the
 * server when a toast is first shown (failures are only logged).
 */
export function StepToasts() {
  useLiveSteps();
  const toasts = useStepToasts();
  const trpcClient = useTRPCClient();

  useEffect(
    () =>
      tabStepToasts.onShown(({ activityId }) => {
        trpcClient.activities.markToastShown.mutate({ activityId }).catch((error: unknown) => {
          console.warn('[steps] could not mark the toast as shown', error);
        });
      }),
    [trpcClient],
  );

  // Signing out unmounts this: nothing of the previous session stays on screen or in the queue.
  useEffect(() => () => tabStepToasts.clear(), []);

  return (
    <Box {...REGION_STYLE} role="status" aria-live="polite" aria-atomic="false" aria-label="Pasos conseguidos">
      <Stack gap={`${GAP_PX}px`} align="stretch">
        {toasts.map((toast) => (
          <StepToastCard key={toast.activityId} toast={toast} />
        ))}
      </Stack>
    </Box>
  );
}

function StepToastCard({ toast }: { toast: StepToast }) {
  const { title, headline, description } = stepToastCopy(toast);
  const limit = toast.limitReached || toast.stepsEarned <= 0;
  const exiting = toast.phase === 'exiting';
  const dismiss = () => tabStepToasts.dismiss(toast.activityId);
  const hold = () => tabStepToasts.hold(toast.activityId);
  const release = () => tabStepToasts.release(toast.activityId);

  return (
    <Box
      data-phase={toast.phase}
      onClick={dismiss}
      onMouseEnter={hold}
      onMouseLeave={release}
      onFocus={hold}
      onBlur={release}
      {...toastCardStyle({ limit, exiting })}
    >
      <Circle size="10" flexShrink={0} bg={limit ? 'sun.100' : 'brand.50'} color={limit ? 'sun.800' : 'brand.700'}>
        {limit ? <InfoIcon boxSize="5" aria-hidden="true" /> : <ActivityIcon name={toast.icon ?? ''} boxSize="5" />}
      </Circle>
      <Box flex="1" minW="0">
        <Text fontWeight="700" color="heading" lineHeight="1.3">
          {title}
        </Text>
        {headline ? (
          <Text mt="0.5" lineHeight="1.35">
            <Text as="strong" color="brand.700" fontSize="lg" fontWeight="800">
              {headline}
            </Text>
            {description ? (
              <Text as="span" color="text.muted" fontSize="sm">
                {' · '}
                {description}
              </Text>
            ) : null}
          </Text>
        ) : (
          <Text mt="0.5" fontSize="sm" color="ink.700" lineHeight="1.4">
            {description}
          </Text>
        )}
      </Box>
      <Tooltip content="Cerrar notificación">
        <IconButton
          aria-label="Cerrar notificación"
          variant="ghost"
          size="xs"
          borderRadius="full"
          color="text.muted"
          flexShrink={0}
          onClick={(event) => {
            event.stopPropagation();
            dismiss();
          }}
        >
          <XIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
