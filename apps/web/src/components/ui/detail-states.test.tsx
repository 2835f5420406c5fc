import { ChakraProvider } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getSystem } from '../../theme';
import { DetailQueryPage } from './detail-states';

function notFoundError(): TRPCClientError<never> {
  return new TRPCClientError('No existe', { result: { error: { message: 'No existe', code: -32004, data: { domainCode: 'NOT_FOUND' } } } } as never);
}

/** The page's visible text for a query in the given state (retry: whether "Reintentar" is offered on failure). */
function render(query: Partial<UseQueryResult<{ title: string }, unknown>>, retry = false): string {
  const html = renderToStaticMarkup(
    <ChakraProvider value={getSystem()}>
      <MemoryRouter>
        <DetailQueryPage
          query={{ refetch: () => Promise.resolve(), ...query } as UseQueryResult<{ title: string }, unknown>}
          back={{ to: '/lista', label: 'La lista' }}
          maxW="3xl"
          pending={{ titleWidth: '60%', cardHeight: '48' }}
          notFound={{ title: 'No encontramos esto', message: 'Puede que lo hayas borrado.' }}
          failedTitle="No se ha podido cargar"
          link={{ to: '/lista', label: 'Volver a la lista' }}
          retry={retry}
        >
          {(item) => <p>Elemento: {item.title}</p>}
        </DetailQueryPage>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('DetailQueryPage', () => {
  it('shows the item once the query has it', () => {
    const text = render({ isPending: false, isError: false, data: { title: 'Calma' } });
    expect(text).toContain('Elemento: Calma');
    expect(text).not.toContain('No se ha podido cargar');
  });

  it('shows neither item nor problem while loading', () => {
    const text = render({ isPending: true, isError: false });
    expect(text).not.toContain('Elemento');
    expect(text).not.toContain('No encontramos');
    expect(text).toContain('La lista');
  });

  it('says the item does not exist on NOT_FOUND, with the link back and no retry', () => {
    const text = render({ isPending: false, isError: true, error: notFoundError() }, true);
    expect(text).toContain('No encontramos esto');
    expect(text).toContain('Puede que lo hayas borrado.');
    expect(text).toContain('Volver a la lista');
    expect(text).not.toContain('Reintentar');
  });

  it.each([
    [true, true],
    [false, false],
  ])('on any other failure shows the failed title and the Spanish error copy (retry %s → Reintentar %s)', (retry, offered) => {
    const text = render({ isPending: false, isError: true, error: new Error('network') }, retry);
    expect(text).toContain('No se ha podido cargar');
    expect(text).not.toContain('No encontramos esto');
    expect(text.includes('Reintentar')).toBe(offered);
  });
});
