import type { CitizenRecord } from "../types.ts";

/** Test citizens offered by the sandbox identity provider. Fiscal codes are valid (checksum included). */
export function seedCitizens(): CitizenRecord[] {
  return [
    {
      codFisc: "RSSMRA80A01H501U",
      nome: "Mario",
      cognome: "Rossi",
      email: "mario.rossi@example.it",
      phoneNumber: "+393331234567",
    },
    {
      codFisc: "BNCGLI85C55L219R",
      nome: "Giulia",
      cognome: "Bianchi",
      email: "giulia.bianchi@example.it",
      phoneNumber: "+393471112233",
    },
    {
      codFisc: "VRDLCU90E10F205V",
      nome: "Luca",
      cognome: "Verdi",
      email: "luca.verdi@example.it",
      phoneNumber: null,
    },
    {
      codFisc: "SPSNNA75T48F839X",
      nome: "Anna",
      cognome: "Esposito",
      email: "anna.esposito@example.it",
      phoneNumber: "+393389876543",
    },
  ];
}
