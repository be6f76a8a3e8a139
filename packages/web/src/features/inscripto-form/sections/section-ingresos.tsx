import Badge from 'react-bootstrap/Badge';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { estrato, isConditional } from '@inscripciones/shared/inscriptos/socioeconomic.ts';
import { Checkbox, TextInput } from '../field-controls.tsx';
import { useFormUi } from '../form-ui.ts';
import type { FormValues } from '../form-values.ts';

/** SPEC 2 and 9: the socioeconomic stratum (BAJO / NORMAL) and the "Inscripción condicional" flag. */
function SocioeconomicSummary({ values }: { values: FormValues }) {
  const stratum = estrato(values.ingresosAclarar, values.totalIntegrantesHogar);
  const conditional = isConditional(values);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3" aria-live="polite">
      <span>
        Estrato socioeconómico:{' '}
        <Badge bg={stratum === 'BAJO' ? 'warning' : 'secondary'} text={stratum === 'BAJO' ? 'dark' : undefined}>
          {stratum}
        </Badge>
      </span>
      {conditional && (
        <Badge bg="info" text="dark">
          {INSCRIPTO_MSG.conditional}
        </Badge>
      )}
    </div>
  );
}

/** Section 5, "Ingresos y beneficios". */
export function SectionIngresos() {
  const ui = useFormUi();
  return (
    <>
      <div className="row">
        <div className="col-md-6">
          <TextInput name="ingresosAclarar" kind="income" hint="Solo números y punto, por ejemplo 25.000" />
        </div>
        <div className="col-md-6">
          <TextInput name="ingresos" />
        </div>
      </div>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">Beneficios sociales</legend>
        <div className="d-flex flex-wrap column-gap-4">
          <Checkbox name="planEquidad" />
          <Checkbox name="tarjetaUruguaySocial" />
          <Checkbox name="asignacionFamiliar" />
        </div>
      </fieldset>
      {/* Derived from the income: not shown to whom the income is withheld. */}
      {!ui.reserved?.has('ingresosAclarar') && <SocioeconomicSummary values={ui.values} />}
    </>
  );
}
