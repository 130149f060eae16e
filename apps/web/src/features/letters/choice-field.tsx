import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

/** A row of radio buttons in a fieldset named by its legend. */
export function ChoiceField({
  legend,
  value,
  onChange,
  options,
}: {
  legend: string;
  value: string;
  onChange: (value: string) => void;
  options: [value: string, label: string][];
}) {
  return (
    <FormControl component="fieldset" sx={{ mt: 1, display: 'block' }}>
      <FormLabel component="legend">{legend}</FormLabel>
      <RadioGroup row value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, label]) => (
          <FormControlLabel key={v} value={v} control={<Radio />} label={label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
