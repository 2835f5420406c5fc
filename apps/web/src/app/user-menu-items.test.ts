import { describe, expect, it } from 'vitest';
import { isRouteAvailable } from '#lib/route-availability';
import { memberRoutes } from './routes';
import { SIGN_OUT_ITEM, USER_MENU_LINKS, userMenuLabel } from './user-menu-items';

describe("the header's menu", () => {
  it('offers the person’s own screens, in this order, then «Cerrar sesión»', () => {
    expect(USER_MENU_LINKS.map((link) => link.label)).toEqual(['Tu perfil', 'Tu evaluación', 'Tu semana', 'Compartir']);
    expect(SIGN_OUT_ITEM.label).toBe('Cerrar sesión');
    const values = [...USER_MENU_LINKS.map((link) => link.value), SIGN_OUT_ITEM.value];
    expect(new Set(values).size).toBe(values.length);
  });

  it('every link leads to a screen of the member route table (the path before any #section)', () => {
    for (const link of USER_MENU_LINKS) {
      const path = link.to.split('#')[0]!;
      expect(isRouteAvailable(path, memberRoutes), link.to).toBe(true);
    }
    expect(USER_MENU_LINKS.find((link) => link.value === 'evaluacion')?.to).toBe('/assessment/results');
    // «Compartir» is the sharing card of the profile, by its heading's id.
    expect(USER_MENU_LINKS.find((link) => link.value === 'compartir')?.to).toBe('/profile#perfil-compartir');
  });

  it('its button is named after what it opens and contains the name it shows', () => {
    expect(userMenuLabel('Irene')).toBe('Menú de Irene');
    expect(userMenuLabel('  Irene María ')).toBe('Menú de Irene María');
    expect(userMenuLabel('   ')).toBe('Tu menú');
  });
});
