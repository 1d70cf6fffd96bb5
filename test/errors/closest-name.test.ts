import { describe, expect, test } from "vitest";
import { closestName, closestNames, nearestNames } from "../../src/errors/closest-name.js";

describe("closestName", () => {
  test.each([
    { name: "file_pth", known: ["file_path", "content"], want: "file_path" },
    { name: "CITY", known: ["city", "days"], want: "city" },
    { name: "weather", known: ["create_file"], want: undefined },
    { name: "x", known: [], want: undefined },
  ])("$name among $known", ({ name, known, want }) => {
    expect(closestName(name, known)).toBe(want);
  });
});

describe("closestNames", () => {
  test.each([
    { name: "listPet", known: ["addPet", "listPets", "listPut"], limit: 3, want: ["listPets", "listPut"] },
    { name: "listPet", known: ["addPet", "listPets", "getPets"], limit: 1, want: ["listPets"] },
    { name: "orders", known: ["users", "teams"], limit: 3, want: [] },
  ])("$name among $known (at most $limit)", ({ name, known, limit, want }) => {
    expect(closestNames(name, known, limit)).toEqual(want);
  });
});

describe("closestNames finds names containing the one asked for", () => {
  test.each([
    { given: { name: "lookup_ordr", candidates: ["lookup_order", "add_note"] }, want: ["lookup_order"] },
    { given: { name: "note", candidates: ["lookup_order", "add_note"] }, want: ["add_note"] },
    { given: { name: "weather", candidates: ["lookup_order", "add_note"] }, want: [] },
  ])("$given.name → $want", ({ given, want }) => {
    expect(closestNames(given.name, given.candidates)).toEqual(want);
  });
});

describe("nearestNames lists the nearest names however far they are", () => {
  test.each([
    { name: "removePet", known: ["listPets", "addPet", "getPet"], limit: 2, want: ["getPet", "addPet"] },
    { name: "orders", known: ["teams", "users"], limit: 3, want: ["users", "teams"] },
    { name: "NOTE", known: ["lookup_order", "add_note"], limit: 1, want: ["add_note"] },
    { name: "x", known: [], limit: 3, want: [] },
  ])("$name among $known (at most $limit)", ({ name, known, limit, want }) => {
    expect(nearestNames(name, known, limit)).toEqual(want);
  });
});
