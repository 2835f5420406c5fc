import { describe, expect, it } from 'vitest';
import { hashTargetId } from './use-hash-target';

describe('hashTargetId', () => {
  it('reads the id a section link names', () => {
    expect(hashTargetId('#perfil-compartir')).toBe('perfil-compartir');
    expect(hashTargetId('#perfil_datos2')).toBe('perfil_datos2');
    expect(hashTargetId('#%70erfil')).toBe('perfil');
  });

  it('ignores an empty hash, a bare # and anything that is not a plain id', () => {
    expect(hashTargetId('')).toBeNull();
    expect(hashTargetId('#')).toBeNull();
    expect(hashTargetId('perfil-compartir')).toBeNull();
    expect(hashTargetId('#1-seccion')).toBeNull();
    expect(hashTargetId('#a b')).toBeNull();
    expect(hashTargetId('#x"],[onclick')).toBeNull();
    expect(hashTargetId('#%E0%A4%A')).toBeNull();
  });
});
