/** Guided fitness classes: sequences of timed exercises with one-line instructions. */
export type Exercise = { name: string; seconds: number; instruction: string; kind: 'work' | 'rest' };
export type FitnessLevel = 'principiante' | 'intermedio' | 'avanzado';

export type FitnessClass = {
  id: string;
  title: string;
  description: string;
  level: FitnessLevel;
  equipment: readonly string[];
  focus: string;
  exercises: readonly Exercise[];
};

const work = (name: string, seconds: number, instruction: string): Exercise => ({
  name,
  seconds,
  instruction,
  kind: 'work',
});
const rest = (seconds: number): Exercise => ({
  name: 'Descanso',
  seconds,
  instruction: 'Respira y prepárate para el siguiente.',
  kind: 'rest',
});

/** `rounds` passes over the moves, `workSeconds` each with `restSeconds` between them. */
function circuit(moves: ReadonlyArray<readonly [string, string]>, rounds: number, workSeconds: number, restSeconds: number): Exercise[] {
  const out: Exercise[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, instruction] of moves) {
      out.push(work(name, workSeconds, instruction));
      if (restSeconds > 0) out.push(rest(restSeconds));
    }
  }
  return out;
}

const WARM_UP: Exercise[] = [
  work('Marcha en el sitio', 60, 'Levanta rodillas suave y balancea los brazos.'),
  work('Círculos de hombros', 30, 'Hacia atrás, amplios y lentos.'),
  work('Giros de tronco', 30, 'Pies fijos, gira desde la cintura.'),
];
const COOL_DOWN: Exercise[] = [
  work('Estiramiento de cuádriceps', 40, 'Talón al glúteo, cambia a mitad.'),
  work('Estiramiento de pecho', 30, 'Manos entrelazadas detrás, abre el pecho.'),
  work('Respiración final', 30, 'Inhala en cuatro, exhala en seis.'),
];

export const FITNESS_CLASSES: readonly FitnessClass[] = [
  {
    id: 'activacion-express',
    title: 'Activación exprés',
    description: 'Siete minutos para despertar el cuerpo entre reuniones, sin material.',
    level: 'principiante',
    equipment: [],
    focus: 'Cuerpo completo',
    exercises: [
      ...WARM_UP,
      ...circuit(
        [
          ['Sentadilla', 'Baja como si fueras a sentarte, espalda recta.'],
          ['Flexión en pared', 'Manos en la pared, baja el pecho despacio.'],
          ['Zancada alterna', 'Paso atrás, rodilla casi al suelo.'],
        ],
        2,
        40,
        10,
      ),
      ...COOL_DOWN.slice(2),
    ],
  },
  {
    id: 'espalda-sana',
    title: 'Espalda sana en la oficina',
    description: 'Doce minutos de movilidad y fuerza suave para quien pasa el día sentado.',
    level: 'principiante',
    equipment: ['silla'],
    focus: 'Espalda y postura',
    exercises: [
      ...WARM_UP,
      ...circuit(
        [
          ['Gato-vaca de pie', 'Manos en muslos, arquea y redondea la espalda.'],
          ['Remo sin peso', 'Codos atrás, junta las escápulas.'],
          ['Extensión en silla', 'Sentado, abre el pecho mirando al techo.'],
          ['Puente de glúteo', 'Tumbado, eleva la cadera y aprieta.'],
        ],
        2,
        45,
        15,
      ),
      ...COOL_DOWN,
    ],
  },
  {
    id: 'fuerza-basica',
    title: 'Fuerza básica',
    description: 'Veinte minutos de fuerza con tu propio peso para todo el cuerpo.',
    level: 'intermedio',
    equipment: ['esterilla'],
    focus: 'Fuerza',
    exercises: [
      ...WARM_UP,
      ...circuit(
        [
          ['Sentadilla', 'Peso en los talones, pecho alto.'],
          ['Flexión de rodillas', 'Rodillas apoyadas, cuerpo en línea.'],
          ['Zancada alterna', 'Paso largo, rodilla trasera abajo.'],
          ['Plancha', 'Codos bajo hombros, abdomen firme.'],
          ['Puente de glúteo', 'Eleva la cadera, pausa arriba.'],
        ],
        3,
        45,
        20,
      ),
      ...COOL_DOWN,
    ],
  },
  {
    id: 'cardio-suave',
    title: 'Cardio suave',
    description: 'Dieciséis minutos de cardio de bajo impacto, sin saltos, para subir la energía.',
    level: 'principiante',
    equipment: [],
    focus: 'Cardio',
    exercises: [
      ...WARM_UP,
      ...circuit(
        [
          ['Paso lateral con brazos', 'Paso a un lado, brazos arriba.'],
          ['Rodilla al codo', 'Alterna lados a buen ritmo.'],
          ['Talones atrás', 'Talón al glúteo, brazos activos.'],
          ['Boxeo al aire', 'Golpes rápidos, rodillas flexionadas.'],
        ],
        3,
        45,
        15,
      ),
      ...COOL_DOWN,
    ],
  },
  {
    id: 'cuerpo-completo-30',
    title: 'Cuerpo completo 30',
    description: 'Media hora de entrenamiento completo: fuerza, cardio y core.',
    level: 'avanzado',
    equipment: ['esterilla'],
    focus: 'Cuerpo completo',
    exercises: [
      ...WARM_UP,
      work('Movilidad de cadera', 60, 'Círculos amplios en cada sentido.'),
      ...circuit(
        [
          ['Sentadilla con salto', 'Aterriza suave, rodillas alineadas.'],
          ['Flexiones', 'Cuerpo en línea, baja hasta casi tocar.'],
          ['Escaladores', 'Rodillas al pecho, cadera baja.'],
          ['Zancada búlgara', 'Pie atrás en la silla, baja recto.'],
          ['Plancha lateral', 'Cadera alta, cambia a mitad.'],
          ['Burpee sin salto', 'Manos al suelo, pies atrás y arriba.'],
        ],
        4,
        50,
        20,
      ),
      ...COOL_DOWN,
      work('Estiramiento de isquios', 60, 'Pierna estirada, inclínate desde la cadera.'),
    ],
  },
];

export function classSeconds(fitnessClass: Pick<FitnessClass, 'exercises'>): number {
  return fitnessClass.exercises.reduce((sum, e) => sum + e.seconds, 0);
}

export function classMinutes(fitnessClass: Pick<FitnessClass, 'exercises'>): number {
  return Math.round(classSeconds(fitnessClass) / 60);
}

export type FitnessBand = 'corta' | 'media' | 'larga';

/** Under 15 minutes short, 15–29 medium, 30 or more long (by the class's own duration). */
export function fitnessBand(minutes: number): FitnessBand {
  if (minutes < 15) return 'corta';
  if (minutes < 30) return 'media';
  return 'larga';
}

export function fitnessActivityKey(minutes: number): 'fitness_class_short' | 'fitness_class_medium' | 'fitness_class_long' {
  const band = fitnessBand(minutes);
  return band === 'corta' ? 'fitness_class_short' : band === 'media' ? 'fitness_class_medium' : 'fitness_class_long';
}

export function findFitnessClass(id: string): FitnessClass | undefined {
  return FITNESS_CLASSES.find((c) => c.id === id);
}
