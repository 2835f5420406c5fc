import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/** App-wide toasts (general notifications: one visible at a time, 5 s by default; spec §4, §9). */
export const toaster = createToaster({
  placement: 'top-end',
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
});

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label="Notificaciones (Alt+T)">
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.600" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description opacity="1">{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger aria-label="Cerrar aviso" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
