import type { ComponentType } from 'react';
import type { IconProps } from '@chakra-ui/react';
import {
  BookIcon,
  CalendarCheckIcon,
  ChatIcon,
  ClipboardIcon,
  DevicesIcon,
  DumbbellIcon,
  FootprintsIcon,
  HeadphonesIcon,
  TargetIcon,
  TimerIcon,
  TrendingUpIcon,
  WindIcon,
} from '#components/ui/icons';

export interface LandingItem {
  title: string;
  description: string;
  icon: ComponentType<IconProps>;
}

export const FEATURES: readonly LandingItem[] = [
  {
    title: 'Coaching con IA',
    description: 'Conversaciones y sesiones con un coach que recuerda tus objetivos, tu contexto y lo que ya has probado.',
    icon: ChatIcon,
  },
  {
    title: 'Audio Ascenso',
    description: 'Un audio guiado nuevo cada día y un archivo para volver a los que más te ayudan.',
    icon: HeadphonesIcon,
  },
  {
    title: 'Respiración',
    description: 'Ejercicios cortos y largos para bajar revoluciones antes de una reunión o al cerrar el día.',
    icon: WindIcon,
  },
  {
    title: 'Fitness',
    description: 'Clases cortas, medias y largas para moverte a tu ritmo, donde estés.',
    icon: DumbbellIcon,
  },
  {
    title: 'Journaling guiado',
    description: 'Preguntas que te ayudan a ordenar ideas y un chat para profundizar en lo que escribes.',
    icon: BookIcon,
  },
  {
    title: 'Pausas activas',
    description: 'Estiramientos breves para cortar las horas de pantalla y volver con más energía.',
    icon: TimerIcon,
  },
  {
    title: 'Plan diario personalizado',
    description: 'Cada día, una propuesta concreta según tu perfil, tus objetivos y tu energía.',
    icon: CalendarCheckIcon,
  },
  {
    title: 'Pasos',
    description: 'Cada actividad suma pasos. Mira tu progreso día a día y celebra la constancia.',
    icon: FootprintsIcon,
  },
];

export const BENEFITS: readonly LandingItem[] = [
  {
    title: 'Evaluación inicial personalizada',
    description: 'Nueve dimensiones sobre tu rol, tus metas, tu energía y tus fortalezas.',
    icon: ClipboardIcon,
  },
  {
    title: 'Plan adaptado a tu perfil',
    description: 'Recomendaciones que encajan con tu estilo y con el tiempo que de verdad tienes.',
    icon: TargetIcon,
  },
  {
    title: 'Seguimiento inteligente',
    description: 'Tu coach recuerda tus avances y ajusta el rumbo contigo, semana a semana.',
    icon: TrendingUpIcon,
  },
  {
    title: 'Acceso desde cualquier dispositivo',
    description: 'En el móvil, la tableta o el ordenador, sin instalar nada.',
    icon: DevicesIcon,
  },
];

export const CLAIMS = ['Evaluación de 5 minutos', 'Sin tarjeta', 'Configuración en 5 minutos', 'Resultados inmediatos'] as const;

export const HOW_IT_WORKS = [
  { title: 'Crea tu cuenta', description: 'Solo tu nombre, tu correo y una contraseña.' },
  { title: 'Responde la evaluación', description: 'Cinco minutos para que tu coach entienda tu momento.' },
  { title: 'Empieza hoy', description: 'Recibe tu plan y tu primera conversación al instante.' },
] as const;
