// @vitest-environment jsdom
import { Button, ChakraProvider } from '@chakra-ui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getSystem } from '../../theme';
import { WarmNotice } from './warm-notice';

describe('WarmNotice', () => {
  it('names the dialog by its title and describes it by its message, with the given role and the actions', () => {
    const html = renderToStaticMarkup(
      <ChakraProvider value={getSystem()}>
        <WarmNotice
          role="alertdialog"
          aria-labelledby="salir-titulo"
          aria-describedby="salir-texto"
          title="¿Salir de la clase?"
          titleId="salir-titulo"
          message="La clase está en pausa."
          messageId="salir-texto"
          actions={<Button>Seguir con la clase</Button>}
        />
      </ChakraProvider>,
    );
    const dom = new DOMParser().parseFromString(html, 'text/html');
    const dialog = dom.querySelector('[role="alertdialog"]');
    expect(dialog?.getAttribute('aria-labelledby')).toBe('salir-titulo');
    expect(dom.getElementById('salir-titulo')?.textContent).toBe('¿Salir de la clase?');
    expect(dom.getElementById('salir-texto')?.textContent).toBe('La clase está en pausa.');
    expect(dialog?.querySelector('button')?.textContent).toBe('Seguir con la clase');
    expect(dialog?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
