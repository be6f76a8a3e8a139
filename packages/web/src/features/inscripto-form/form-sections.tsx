import type { ComponentType, ReactNode } from 'react';
import type { FieldError } from '@inscripciones/shared/errors.ts';
import { SECTION_NUMBERS, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { FormSection } from './form-section.tsx';
import { SectionDomicilio } from './sections/section-domicilio.tsx';
import { SectionHermanosInscriben } from './sections/section-hermanos-inscriben.tsx';
import { SectionHermanosPrimaria } from './sections/section-hermanos-primaria.tsx';
import { SectionHogar } from './sections/section-hogar.tsx';
import { SectionIngresos } from './sections/section-ingresos.tsx';
import { SectionMotivaciones } from './sections/section-motivaciones.tsx';
import { SectionNivelEducativo } from './sections/section-nivel-educativo.tsx';
import { SectionObservaciones } from './sections/section-observaciones.tsx';
import { SectionPersonal } from './sections/section-personal.tsx';
import { SectionTrayectoria } from './sections/section-trayectoria.tsx';
import { SectionVivienda } from './sections/section-vivienda.tsx';
import type { useSectionNavigation } from './use-section-navigation.ts';

const SECTION_BODIES: Record<SectionNumber, ComponentType> = {
  1: SectionPersonal,
  2: SectionDomicilio,
  3: SectionTrayectoria,
  4: SectionHogar,
  5: SectionIngresos,
  6: SectionVivienda,
  7: SectionNivelEducativo,
  8: SectionMotivaciones,
  9: SectionHermanosInscriben,
  10: SectionHermanosPrimaria,
  11: SectionObservaciones,
};

interface FormSectionsProps {
  idPrefix: string;
  navigation: ReturnType<typeof useSectionNavigation>;
  readOnly: boolean;
  busy: 'section' | 'finalize' | null;
  onSave: (section: SectionNumber) => void;
  /** What blocked the section's last "Siguiente" (null: not pressed yet). */
  blockersOf: (section: SectionNumber) => { missing: FieldError[]; errors: FieldError[] } | null;
  /** Shown inside the open section, where the user works (the outbox's waiting count). */
  openFooter?: ReactNode;
}

/** The 11 sections as an accordion (SPEC 2), one open at a time. */
export function FormSections(props: FormSectionsProps) {
  const { idPrefix, navigation, readOnly, busy, onSave, blockersOf, openFooter } = props;
  return (
    <div className="accordion mb-3">
      {SECTION_NUMBERS.map((section) => {
        const Body = SECTION_BODIES[section];
        return (
          <FormSection
            key={section}
            number={section}
            idPrefix={idPrefix}
            open={navigation.open === section}
            onToggle={() => navigation.toggle(section)}
            onSave={readOnly ? undefined : () => onSave(section)}
            saving={busy === 'section'}
            disabled={busy !== null}
            readOnly={readOnly}
            blockers={blockersOf(section)}
            ownErrors={section === 3}
            footer={navigation.open === section ? openFooter : undefined}
            {...navigation.refs(section)}
          >
            <Body />
          </FormSection>
        );
      })}
    </div>
  );
}
