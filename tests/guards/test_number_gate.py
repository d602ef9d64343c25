"""Each rule of the number gate: the test asserts the guard and the extra figure."""

from .helpers import check, phone, search, turn

PLAN = {"planes#1": "El plan de mantenimiento mensual cuesta 79,18 € al mes, IVA incluido."}


def test_customer_figure_backs_the_draft():
    # given the customer says "500 mil"; when the draft repeats it; then it passes
    ctx = turn(
        "Con 500 mil te alcanza para el Moto G54, que está $ 449.999.",
        question="tengo 500 mil, qué me alcanza?",
        tools=[search(phone("Motorola Moto G54 256 GB", "449999"))],
    )
    assert check(ctx) == {}
    # and without the customer's figure the same draft names 500 mil
    ctx = turn(
        ctx.draft,
        question="¿qué me alcanza?",
        tools=[search(phone("Motorola Moto G54 256 GB", "449999"))],
    )
    assert check(ctx) == {"unbacked_figure": ("500 mil",)}


def test_earlier_assistant_message_backs_a_repeated_price():
    history = [("assistant", "El Galaxy A15 está $ 749.999.")]
    assert check(turn("El Galaxy A15 salía $ 749.999.", history=history)) == {}
    assert check(turn("El Galaxy A15 salía $ 759.999.", history=history)) == {
        "unbacked_figure": ("759.999",)
    }


def test_valid_roundings_pass_and_no_tolerance_band():
    # given 79,18 € in the source
    assert check(turn("Son unos 79 € al mes.", chunks=PLAN)) == {}
    assert check(turn("Son unos 80 € al mes.", chunks=PLAN)) == {}
    assert check(turn("Son 79,2 € al mes.", chunks=PLAN)) == {}
    # then 85 is not "about 80"
    assert check(turn("Son unos 85 € al mes.", chunks=PLAN)) == {"unbacked_figure": ("85",)}
    # and 1.249.999 rounds to 1.250.000, but 128 GB is not "100 GB"
    tools = [search(phone("Samsung Galaxy S23 128 GB", "1249999"))]
    assert check(turn("Sale $ 1.250.000.", tools=tools)) == {}
    assert check(turn("Tiene 100 GB.", tools=tools)) == {"unbacked_figure": ("100",)}


def test_plan_costs_three_euros_exercises_the_gate():
    # given the seed's lesson: a test must exercise the gate. A number that names a
    # thing ("el plan 3") is no claim; "El plan cuesta 3 €" is, and so is a count with
    # a noun ("3 planes", which no source gives here).
    assert check(turn("El plan 3 es el más completo.", chunks=PLAN)) == {}
    assert check(turn("El plan cuesta 3 €.", chunks=PLAN)) == {"unbacked_figure": ("3",)}
    assert check(turn("Tenemos 3 planes.", chunks=PLAN)) == {"unbacked_figure": ("3",)}


def test_money_disguised_as_a_year_is_not_exempt():
    assert check(turn("La auditoría cuesta 2.100 €.", chunks=PLAN)) == {
        "unbacked_figure": ("2.100",)
    }
    assert check(turn("Desde enero de 2026 cuesta 2.100 €.", chunks=PLAN)) == {
        "unbacked_figure": ("2.100",)
    }
    # while a plain year and a date pass
    assert (
        check(
            turn("La tarifa rige desde enero de 2026, con entrega el 3 de noviembre.", chunks=PLAN)
        )
        == {}
    )


def test_sum_of_two_or_three_amounts_is_backed_but_not_other_arithmetic():
    tools = [
        search(
            phone("Samsung Galaxy S24", "1000000"),
            phone("Funda", "500000"),
            phone("Cargador", "30000"),
        )
    ]
    assert check(turn("El total es de $ 1.500.000.", tools=tools)) == {}
    assert check(turn("Todo junto: $ 1.530.000.", tools=tools)) == {}
    # a division (installment), a difference and a conversion are not backed
    assert check(turn("Son 10 cuotas de $ 100.000.", tools=tools)) == {
        "unbacked_figure": ("10", "100.000")
    }
    assert check(turn("La diferencia es de $ 470.000.", tools=tools)) == {
        "unbacked_figure": ("470.000",)
    }
    assert check(turn("Son unos 830 dólares.", tools=tools)) == {"unbacked_figure": ("830",)}


def test_sum_search_is_capped_on_a_receipt_with_many_numbers():
    # given a receipt with 300 amounts: the sum of items #1 and #2 is found (first terms)
    amounts = [1000 + 7 * i for i in range(300)]
    receipt = " ".join(f"$ {a}" for a in amounts)
    tools = [("describe_receipt", {}, receipt)]
    first_two = amounts[0] + amounts[1]
    assert check(turn(f"Suman $ {first_two}.", tools=tools)) == {}
    # but two amounts deep in the receipt are past the cap: not searched, so unbacked
    deep = amounts[200] + amounts[290]
    assert check(turn(f"Suman $ {deep}.", tools=tools)) == {"unbacked_figure": (str(deep),)}


def test_sources_without_numbers_reject_money_and_percent_but_pass_a_quantity():
    chunk = {"planes#2": "El plan incluye copias de seguridad y actualizaciones."}
    assert check(turn("Cuesta 49 € al mes.", chunks=chunk)) == {"unbacked_figure": ("49",)}
    assert check(turn("Tiene un 20 % de recargo.", chunks=chunk)) == {"unbacked_figure": ("20",)}
    assert check(turn("Lo activamos en 48 horas.", chunks=chunk)) == {}


def test_quantities_need_backing_when_sources_have_numbers():
    chunk = {"envios#1": "Los envíos llegan en 5 días hábiles y cuestan $ 3.000."}
    assert check(turn("Llega en 5 días hábiles.", chunks=chunk)) == {}
    assert check(turn("Llega en cinco días hábiles.", chunks=chunk)) == {}
    assert check(turn("Llega en 3 días hábiles.", chunks=chunk)) == {"unbacked_figure": ("3",)}


def test_money_is_not_backed_by_an_hour_of_the_same_value():
    chunk = {"horarios#1": "Abrimos de 9 a 18 hs."}
    assert check(turn("El plan cuesta $ 18.", chunks=chunk)) == {"unbacked_figure": ("18",)}


def test_rejection_names_source_figures_with_their_origin():
    from guards.pipeline import run_guards

    ctx = turn(
        "Cuesta $ 1.150.000.",
        question="¿y el S23?",
        chunks={"pagos#3": "Hasta 12 cuotas sin interés."},
        tools=[search(phone("Samsung Galaxy S23 256 GB", "1200000"))],
        history=[("assistant", "El A15 está $ 749.999.")],
    )
    [failure] = run_guards(ctx).failures
    origins = {(f.value, f.origin) for f in failure.source_figures}
    assert ("12", "chunk:pagos#3") in origins
    assert ("1200000", "tool:search_products") in origins
    assert ("749999", "history") in origins
    assert failure.extra_figures == ("1.150.000",)


def test_english_draft_figures():
    chunk = {
        "delivery#1": "Delivery to an address costs €5 and to a courier office €3. "
        "It is free over €50."
    }
    assert (
        check(
            turn(
                "Delivery is €5, or €3 to a courier office. [delivery#1]", locale="en", chunks=chunk
            )
        )
        == {}
    )
    assert check(turn("Delivery is €7. [delivery#1]", locale="en", chunks=chunk)) == {
        "unbacked_figure": ("7",)
    }
    assert check(turn("That phone is $1,299.00.", locale="en", chunks=chunk)) == {
        "unbacked_figure": ("1,299.00",)
    }


def test_hyphenated_spelled_number_in_the_source_backs_the_draft():
    # false positive found by the evaluation run: the chunk says "two-year warranty"
    # and the right answer says "two years"
    chunks = {
        "warranty#1": "Headphones and all our other electronics carry a two-year warranty. "
        "If an item needs a repair, send it to us together with a description of the fault."
    }
    ctx = turn(
        "The warranty on the headphones is two years. [warranty#1]",
        locale="en",
        question="What is the warranty on the headphones?",
        chunks=chunks,
    )
    assert check(ctx) == {}
    # and a different figure is still caught
    wrong = turn("The warranty is three years. [warranty#1]", locale="en", chunks=chunks)
    assert check(wrong) == {"unbacked_figure": ("3",)}


def test_a_count_backed_by_its_list_across_a_decimal_point():
    # given a chunk that gives the parcel's 1.5 kg, and a draft whose count and the
    # colon that opens its list stand on either side of that decimal point
    chunks = {"envios#4": "Parcels up to 1.5 kg travel as small packets."}
    draft = "I need 3 details of the 1.5 kg parcel: its height, its width and its depth."
    # then the three items back the "3"; the decimal point does not end the sentence
    assert check(turn(draft, chunks=chunks)) == {}
    # and a list of two does not back "3"
    short = "I need 3 details of the 1.5 kg parcel: its height and its width."
    assert check(turn(short, chunks=chunks)) == {"unbacked_figure": ("3",)}
