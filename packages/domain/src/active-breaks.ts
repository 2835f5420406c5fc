/** Active breaks: 1–3 minute sequences by body area; each move readable in two seconds. */
export type BreakMove = { instruction: string; seconds: number };
export type ActiveBreak = { tag: string; title: string; description: string; moves: readonly BreakMove[] };

const m = (instruction: string, seconds: number): BreakMove => ({ instruction, seconds });

export const ACTIVE_BREAKS: readonly ActiveBreak[] = [
  {
    tag: 'cuello',
    title: 'Cuello',
    description: 'Suelta la tensión de mirar la pantalla.',
    moves: [
      m('Baja la barbilla al pecho.', 15),
      m('Oreja derecha al hombro.', 15),
      m('Oreja izquierda al hombro.', 15),
      m('Gira la cabeza a cada lado.', 20),
      m('Hombros arriba y abajo.', 15),
    ],
  },
  {
    tag: 'espalda',
    title: 'Espalda',
    description: 'Movilidad para una espalda que pasa horas sentada.',
    moves: [
      m('De pie, brazos arriba, estírate.', 15),
      m('Inclínate a la derecha.', 15),
      m('Inclínate a la izquierda.', 15),
      m('Redondea y arquea la espalda.', 30),
      m('Gira el tronco despacio.', 20),
      m('Abraza tus rodillas sentado.', 15),
    ],
  },
  {
    tag: 'ojos',
    title: 'Ojos',
    description: 'Descanso visual con la regla 20-20-20.',
    moves: [
      m('Mira algo lejano, a 6 metros.', 20),
      m('Parpadea despacio diez veces.', 15),
      m('Mira arriba, abajo, a los lados.', 20),
      m('Frota las manos y cubre los ojos.', 25),
    ],
  },
  {
    tag: 'muñecas',
    title: 'Muñecas y manos',
    description: 'Para quien teclea y usa el ratón todo el día.',
    moves: [
      m('Abre y cierra las manos.', 15),
      m('Círculos de muñeca hacia fuera.', 15),
      m('Círculos de muñeca hacia dentro.', 15),
      m('Estira dedos hacia atrás.', 20),
      m('Sacude las manos, sueltas.', 10),
    ],
  },
  {
    tag: 'piernas',
    title: 'Piernas',
    description: 'Activa la circulación después de mucho rato sentado.',
    moves: [
      m('Ponte de pie.', 5),
      m('Puntillas arriba y abajo.', 30),
      m('Diez sentadillas lentas.', 40),
      m('Talón al glúteo, cada pierna.', 30),
      m('Marcha en el sitio.', 30),
    ],
  },
  {
    tag: 'respiracion',
    title: 'Respiración',
    description: 'Un minuto largo para bajar la activación.',
    moves: [
      m('Siéntate recto, pies al suelo.', 10),
      m('Inhala en cuatro tiempos.', 20),
      m('Exhala en seis tiempos.', 30),
      m('Suelta los hombros al exhalar.', 30),
    ],
  },
  {
    tag: 'hombros',
    title: 'Hombros y pecho',
    description: 'Abre el pecho y corrige la postura encorvada.',
    moves: [
      m('Círculos de hombros hacia atrás.', 20),
      m('Manos detrás, abre el pecho.', 20),
      m('Brazo cruzado, estira el hombro.', 30),
      m('Codos atrás, junta escápulas.', 20),
    ],
  },
];

export function breakSeconds(activeBreak: Pick<ActiveBreak, 'moves'>): number {
  return activeBreak.moves.reduce((sum, move) => sum + move.seconds, 0);
}

export function findActiveBreak(tag: string): ActiveBreak | undefined {
  return ACTIVE_BREAKS.find((b) => b.tag === tag);
}
