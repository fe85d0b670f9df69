//! Opening an FMU: the checks that turn bad input into one clear line,
//! the import (the `fmi` crate unzips it into a temporary directory that
//! is removed when the [`Fmu`] is dropped), and what the simulation needs
//! from its model description: variables by name, the continuous states
//! and their derivatives, the outputs, the event indicators, the default
//! experiment and the sparsity of the derivatives.

use std::path::Path;

use fmi::fmi2::import::Fmi2Import;
use fmi::fmi2::schema::{Causality, ScalarVariable, ScalarVariableElement, Variability};
use fmi::schema::traits::FmiModelDescription;
use fmi::traits::FmiImport;

/// An error with the one line the user sees.
#[derive(Debug)]
pub struct Failure(pub String);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Build a [`Failure`] from a format string.
macro_rules! fail {
    ($($arg:tt)*) => { $crate::fmu::Failure(format!($($arg)*)) };
}
pub(crate) use fail;

/// The type of a variable, as far as the tool handles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Real,
    Integer,
    Boolean,
    /// String or enumeration: listed, not simulated with.
    Other,
}

/// One variable of the model description.
#[derive(Clone, Debug)]
pub struct Variable {
    pub name: String,
    pub vr: u32,
    pub kind: Kind,
    pub causality: Causality,
    pub variability: Variability,
    pub start: Option<String>,
    pub description: Option<String>,
}

/// A continuous state: its variable and its derivative (indices into
/// [`Model::variables`]), and which states its derivative depends on
/// (`None`: not declared, so every state).
#[derive(Clone, Debug)]
pub struct State {
    pub variable: usize,
    pub derivative: usize,
    pub depends_on: Option<Vec<usize>>,
}

/// What the tool reads from the model description.
#[derive(Clone, Debug)]
pub struct Model {
    pub name: String,
    pub fmi_version: String,
    pub guid: String,
    pub description: Option<String>,
    pub generation_tool: Option<String>,
    pub model_identifier: String,
    pub variables: Vec<Variable>,
    pub states: Vec<State>,
    /// Indices into `variables` of the outputs (`<Outputs>` of the model
    /// structure, else every variable with causality output).
    pub outputs: Vec<usize>,
    pub event_indicators: usize,
    pub start_time: Option<f64>,
    pub stop_time: Option<f64>,
    pub tolerance: Option<f64>,
    pub step_size: Option<f64>,
    pub completed_step_needed: bool,
    pub directional_derivatives: bool,
}

impl Model {
    /// The variable of this name.
    pub fn variable(&self, name: &str) -> Option<&Variable> {
        self.variables.iter().find(|v| v.name == name)
    }
}

/// An imported FMI 2.0 FMU with a Model Exchange interface and a binary
/// for this platform. Dropping it removes the unpacked files.
pub struct Fmu {
    pub import: Fmi2Import,
    pub model: Model,
}

/// The FMI version of an FMU, read without unpacking it, with the checks
/// that come before: the file exists, is a zip archive, has a readable
/// modelDescription.xml.
fn peek_version(path: &Path) -> Result<(u64, String), Failure> {
    let shown = path.display();
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => {}
        Ok(_) => return Err(fail!("{shown} is not a file")),
        Err(e) => return Err(fail!("cannot open {shown}: {e}")),
    }
    let md = match fmi::import::peek_descr_path(path) {
        Ok(md) => md,
        Err(fmi::Error::Zip(e)) => return Err(fail!("{shown} is not an FMU: not a zip archive ({e})")),
        Err(fmi::Error::ArchiveStructure(_)) => {
            return Err(fail!("{shown} is not an FMU: it has no modelDescription.xml"))
        }
        Err(e) => return Err(fail!("{shown}: cannot read modelDescription.xml: {e}")),
    };
    let version =
        md.version().map_err(|e| fail!("{shown}: fmiVersion \"{}\" is not a version number: {e}", md.fmi_version))?;
    Ok((version.major, md.fmi_version.clone()))
}

/// Open and import an FMU for Model Exchange, or say in one line why not.
pub fn open(path: &Path) -> Result<Fmu, Failure> {
    let shown = path.display();
    let (major, version) = peek_version(path)?;
    match major {
        2 => {}
        3 => return Err(fail!("{shown}: FMI {version} is not supported: daskr-fmi simulates FMI 2.0 FMUs")),
        _ => return Err(fail!("{shown}: FMI {version} is not supported: daskr-fmi simulates FMI 2.0 FMUs")),
    }
    let import: Fmi2Import = fmi::import::from_path(path).map_err(|e| fail!("{shown}: cannot import: {e}"))?;
    let md = import.model_description();
    let Some(me) = &md.model_exchange else {
        let what = if md.co_simulation.is_some() { " (it is a Co-Simulation FMU)" } else { "" };
        return Err(fail!("{shown}: the FMU has no Model Exchange interface{what}"));
    };
    let model = read_model(
        md,
        &me.model_identifier,
        me.completed_integrator_step_not_needed,
        me.provides_directional_derivative,
    )
    .map_err(|e| fail!("{shown}: {e}"))?;
    let lib = import.shared_lib_path(&model.model_identifier).map_err(|e| fail!("{shown}: {e}"))?;
    if !import.archive_path().join(&lib).is_file() {
        let have = platforms(import.archive_path());
        let have = if have.is_empty() { "none".to_string() } else { have.join(", ") };
        return Err(fail!(
            "{shown}: the FMU has no binary for this platform ({} not found; binaries for: {have})",
            lib.display()
        ));
    }
    Ok(Fmu { import, model })
}

/// The platform folders under `binaries/` of an unpacked FMU.
pub fn platforms(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("binaries"))
        .map(|dir| {
            dir.filter_map(|e| e.ok())
                .filter(|e| e.path().is_dir())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

fn variable_of(sv: &ScalarVariable) -> Variable {
    let (kind, start) = match &sv.elem {
        ScalarVariableElement::Real(r) => (Kind::Real, r.start.map(|v| v.to_string())),
        ScalarVariableElement::Integer(i) => (Kind::Integer, i.start.map(|v| v.to_string())),
        ScalarVariableElement::Boolean(b) => (Kind::Boolean, b.start.map(|v| v.to_string())),
        _ => (Kind::Other, None),
    };
    Variable {
        name: sv.name.clone(),
        vr: sv.value_reference,
        kind,
        causality: sv.causality.clone(),
        variability: sv.variability.unwrap_or(Variability::Continuous),
        start,
        description: sv.description.clone(),
    }
}

/// The tool's view of a model description; checks the references of the
/// model structure (1-based variable indices).
fn read_model(
    md: &fmi::fmi2::schema::Fmi2ModelDescription,
    model_identifier: &str,
    completed_step_not_needed: Option<bool>,
    directional: Option<bool>,
) -> Result<Model, String> {
    let variables: Vec<Variable> = md.model_variables.variables.iter().map(variable_of).collect();
    let index = |i: u32, what: &str| -> Result<usize, String> {
        let k = (i as usize).checked_sub(1).filter(|&k| k < variables.len());
        k.ok_or_else(|| format!("modelDescription.xml: {what} refers to variable {i}, which does not exist"))
    };
    // Each derivative names its state (the `derivative` attribute).
    let mut states = Vec::new();
    for u in &md.model_structure.derivatives.unknowns {
        let d = index(u.index, "a <Derivatives> entry")?;
        let ScalarVariableElement::Real(r) = &md.model_variables.variables[d].elem else {
            return Err(format!("modelDescription.xml: derivative {} is not a Real", variables[d].name));
        };
        let Some(s) = r.derivative else {
            return Err(format!("modelDescription.xml: {} has no derivative attribute", variables[d].name));
        };
        let s = index(s, "a derivative attribute")?;
        states.push(State { variable: s, derivative: d, depends_on: None });
    }
    // Dependencies: indices of states (and inputs, which are held
    // constant here). An empty list cannot be told from a missing one
    // after parsing, so it counts as "every state" (a dense row).
    let state_of_var: std::collections::HashMap<usize, usize> =
        states.iter().enumerate().map(|(k, s)| (s.variable, k)).collect();
    for (k, u) in md.model_structure.derivatives.unknowns.iter().enumerate() {
        if u.dependencies.is_empty() {
            continue;
        }
        let mut on = Vec::new();
        for &dep in &u.dependencies {
            let v = index(dep, "a dependencies list")?;
            if let Some(&s) = state_of_var.get(&v) {
                on.push(s);
            }
        }
        states[k].depends_on = Some(on);
    }
    let mut outputs = Vec::new();
    for u in &md.model_structure.outputs.unknowns {
        outputs.push(index(u.index, "an <Outputs> entry")?);
    }
    if outputs.is_empty() {
        outputs = (0..variables.len()).filter(|&k| variables[k].causality == Causality::Output).collect();
    }
    let de = md.default_experiment.as_ref();
    Ok(Model {
        name: md.model_name().to_string(),
        fmi_version: md.fmi_version.clone(),
        guid: md.guid.clone(),
        description: md.description.clone(),
        generation_tool: md.generation_tool.clone(),
        model_identifier: model_identifier.to_string(),
        event_indicators: md.num_event_indicators(),
        variables,
        states,
        outputs,
        start_time: de.and_then(|d| d.start_time),
        stop_time: de.and_then(|d| d.stop_time),
        tolerance: de.and_then(|d| d.tolerance),
        step_size: de.and_then(|d| d.step_size),
        completed_step_needed: !completed_step_not_needed.unwrap_or(false),
        directional_derivatives: directional.unwrap_or(false),
    })
}
