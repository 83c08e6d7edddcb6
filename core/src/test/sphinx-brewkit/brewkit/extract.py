"""Extraction: time, ratio and temperature."""


def brew_ratio(coffee_grams, water_grams):
    """The brew ratio, water over coffee: 16 means one gram of coffee to sixteen of water."""
    if coffee_grams <= 0:
        raise ValueError("coffee_grams must be positive")
    return water_grams / coffee_grams


def extraction_yield(dissolved_grams, coffee_grams):
    """The share of the coffee's mass that ended up in the cup, as a percentage."""
    return 100.0 * dissolved_grams / coffee_grams


def water_temperature(roast):
    """The water temperature in degrees Celsius for a roast: hotter for light roasts, cooler for dark."""
    return {"light": 96, "medium": 93, "dark": 90}.get(roast, 93)
